/**
 * A button that downloads a file (a list as Excel …): busy while it runs, and a failure shows in
 * the alert titled Error ('Downloading failed' when the server says nothing more).
 */
import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { API_MESSAGES, ApiError } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';

interface DownloadButtonProps {
  onDownload: () => Promise<unknown>;
  icon?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

export function DownloadButton({
  onDownload,
  icon,
  disabled,
  children,
  ...rest
}: DownloadButtonProps) {
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onDownload();
    } catch (error) {
      alert.showError(error instanceof ApiError ? error.message : API_MESSAGES.downloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={icon} onClick={() => void run()} loading={busy} disabled={disabled} {...rest}>
      {children}
    </Button>
  );
}

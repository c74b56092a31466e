/**
 * The alert modal of spec 01 point 8: failures are titled 'Error', other results use the
 * informational style; every add/update/delete result shows the server's message with an OK
 * button. Screens call useAlert() instead of rendering their own modal.
 */
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type AlertKind = 'error' | 'success' | 'info';

interface AlertState {
  kind: AlertKind;
  message: string;
  onClose?: () => void;
}

export interface AlertApi {
  showError: (message: string, onClose?: () => void) => void;
  showSuccess: (message: string, onClose?: () => void) => void;
  showInfo: (message: string, onClose?: () => void) => void;
}

const AlertContext = createContext<AlertApi | null>(null);

export function useAlert(): AlertApi {
  const value = use(AlertContext);
  if (!value) throw new Error('useAlert() must be used inside <AlertProvider>');
  return value;
}

function AlertIcon({ kind }: { kind: AlertKind }) {
  const { token } = theme.useToken();
  if (kind === 'error') return <CloseCircleFilled style={{ color: token.colorError }} />;
  if (kind === 'success') return <CheckCircleFilled style={{ color: token.colorSuccess }} />;
  return <InfoCircleFilled style={{ color: token.colorPrimary }} />;
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((kind: AlertKind, message: string, onClose?: () => void) => {
    setAlert({ kind, message, onClose });
    setOpen(true);
  }, []);

  const api = useMemo<AlertApi>(
    () => ({
      showError: (message, onClose) => show('error', message, onClose),
      showSuccess: (message, onClose) => show('success', message, onClose),
      showInfo: (message, onClose) => show('info', message, onClose),
    }),
    [show],
  );

  const close = () => {
    setOpen(false);
    alert?.onClose?.();
  };

  const title = alert ? t(`alert.${alert.kind}`) : '';

  return (
    <AlertContext value={api}>
      {children}
      <Modal
        open={open}
        onCancel={close}
        afterOpenChange={(visible) => {
          if (!visible) setAlert(null);
        }}
        title={
          <Flex align="center" gap={10}>
            <span className="alert-modal-icon">{alert && <AlertIcon kind={alert.kind} />}</span>
            <span>{title}</span>
          </Flex>
        }
        footer={
          <Button type="primary" onClick={close} data-testid="alert-ok" autoFocus>
            {t('alert.ok')}
          </Button>
        }
        width={420}
        centered
        className={`alert-modal alert-modal-${alert?.kind ?? 'info'}`}
      >
        <div data-testid="alert-modal" data-kind={alert?.kind}>
          <Typography.Paragraph data-testid="alert-message" className="alert-modal-message">
            {alert?.message}
          </Typography.Paragraph>
        </div>
      </Modal>
    </AlertContext>
  );
}

/**
 * The buttons that end a form. `SubmitButton` is the form's primary button: it submits, and
 * spins while the form saves. `FormFooter` puts Cancel (when the form can be left unsaved) before
 * it, in the form's own frame (`className`); whatever comes first in the row (a link) is its
 * children.
 */
import type { ReactNode } from 'react';
import { Button } from 'antd';

export interface SubmitButtonProps {
  saving: boolean;
  icon?: ReactNode;
  'data-testid'?: string;
  children: ReactNode;
}

export function SubmitButton({ saving, icon, 'data-testid': testId, children }: SubmitButtonProps) {
  return (
    <Button type="primary" htmlType="submit" icon={icon} loading={saving} data-testid={testId}>
      {children}
    </Button>
  );
}

export interface FormFooterProps {
  className: string | undefined;
  saving: boolean;
  submitLabel: string;
  submitTestId: string;
  /** Cancel, before the submit button; none when the form stays on the page. */
  cancel?: {
    label: string;
    onClick: () => void;
    testId: string;
    /** Left clickable while the form saves (the form disables its other buttons). */
    whileSaving?: boolean;
  };
  children?: ReactNode;
}

export function FormFooter({
  className,
  saving,
  submitLabel,
  submitTestId,
  cancel,
  children,
}: FormFooterProps) {
  return (
    <div className={className}>
      {children}
      {cancel && (
        <Button
          onClick={cancel.onClick}
          disabled={cancel.whileSaving ? false : undefined}
          data-testid={cancel.testId}
        >
          {cancel.label}
        </Button>
      )}
      <SubmitButton saving={saving} data-testid={submitTestId}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}

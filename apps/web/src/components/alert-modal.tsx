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

export interface AlertOptions {
  onClose?: () => void;
  /** Lines listed under the message (e.g. the rows a refused upload got wrong). */
  details?: string[];
}

interface AlertState extends AlertOptions {
  kind: AlertKind;
  message: string;
}

/** The second argument is the close callback, or options with it and the details. */
type AlertSecond = (() => void) | AlertOptions;

export interface AlertApi {
  showError: (message: string, options?: AlertSecond) => void;
  showSuccess: (message: string, options?: AlertSecond) => void;
  showInfo: (message: string, options?: AlertSecond) => void;
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

  const show = useCallback((kind: AlertKind, message: string, second?: AlertSecond) => {
    const options = typeof second === 'function' ? { onClose: second } : (second ?? {});
    setAlert({ kind, message, ...options });
    setOpen(true);
  }, []);

  const api = useMemo<AlertApi>(
    () => ({
      showError: (message, options) => show('error', message, options),
      showSuccess: (message, options) => show('success', message, options),
      showInfo: (message, options) => show('info', message, options),
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
      {/*
        No zoom or fade: rc-motion removes a modal only when its animation's end event arrives,
        and under load a result alert closed while it was still opening sometimes never got one
        (it stayed open over the page, twice in the browser suite). A result message need not
        animate.
      */}
      {/* Made when an alert is shown, not with every screen: antd styles a modal when it is
          made, open or not (issue #19, the signed-in first load). */}
      {alert && (
        <Modal
          open={open}
          transitionName=""
          maskTransitionName=""
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
          width={alert?.details?.length ? 560 : 420}
          centered
          className={`alert-modal alert-modal-${alert?.kind ?? 'info'}`}
        >
          <div data-testid="alert-modal" data-kind={alert?.kind}>
            <Typography.Paragraph data-testid="alert-message" className="alert-modal-message">
              {alert?.message}
            </Typography.Paragraph>
            {alert?.details && alert.details.length > 0 && (
              <ul className="alert-modal-details" data-testid="alert-details">
                {alert.details.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        </Modal>
      )}
    </AlertContext>
  );
}

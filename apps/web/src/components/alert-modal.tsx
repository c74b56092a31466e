/**
 * The alert modal: failures are titled 'Error', other results use the
 * informational style; every add/update/delete result shows the server's message with an OK
 * button. Screens call useAlert() instead of rendering their own modal.
 */
import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

export type AlertKind = 'error' | 'success' | 'info';

export interface AlertOptions {
  onClose?: () => void;
  /** Lines listed under the message (e.g. the rows a refused upload got wrong). */
  details?: string[];
}

export interface AlertState extends AlertOptions {
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

// antd's Modal is a chunk of its own, loaded with the first alert.
const AlertDialog = lazy(() =>
  import('./alert-dialog.tsx').then((m) => ({ default: m.AlertDialog })),
);

export function useAlert(): AlertApi {
  const value = use(AlertContext);
  if (!value) throw new Error('useAlert() must be used inside <AlertProvider>');
  return value;
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
      {/* Made when an alert is shown, not with every screen: antd styles a modal when it is
          made, open or not. */}
      {alert && (
        <Suspense fallback={null}>
          <AlertDialog
            alert={alert}
            open={open}
            title={title}
            onClose={close}
            onClosed={() => setAlert(null)}
          />
        </Suspense>
      )}
    </AlertContext>
  );
}

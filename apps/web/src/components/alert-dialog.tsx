/** The alert modal's dialog (./alert-modal.tsx): a chunk of its own, with antd's Modal. */
import { Button, Flex, Modal, Typography, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertKind, AlertState } from './alert-modal.tsx';

function AlertIcon({ kind }: { kind: AlertKind }) {
  const { token } = theme.useToken();
  if (kind === 'error') return <CloseCircleFilled style={{ color: token.colorError }} />;
  if (kind === 'success') return <CheckCircleFilled style={{ color: token.colorSuccess }} />;
  return <InfoCircleFilled style={{ color: token.colorPrimary }} />;
}

export function AlertDialog({
  alert,
  open,
  title,
  onClose,
  onClosed,
}: {
  alert: AlertState;
  open: boolean;
  title: string;
  onClose: () => void;
  /** Once the dialog has closed: the provider forgets the alert. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) onClosed();
      }}
      title={
        <Flex align="center" gap={10}>
          <span className="alert-modal-icon">
            <AlertIcon kind={alert.kind} />
          </span>
          <span>{title}</span>
        </Flex>
      }
      footer={
        <Button type="primary" onClick={onClose} data-testid="alert-ok" autoFocus>
          {t('alert.ok')}
        </Button>
      }
      width={alert.details?.length ? 560 : 420}
      centered
      className={`alert-modal alert-modal-${alert.kind}`}
    >
      <div data-testid="alert-modal" data-kind={alert.kind}>
        <Typography.Paragraph data-testid="alert-message" className="alert-modal-message">
          {alert.message}
        </Typography.Paragraph>
        {alert.details && alert.details.length > 0 && (
          <ul className="alert-modal-details" data-testid="alert-details">
            {alert.details.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

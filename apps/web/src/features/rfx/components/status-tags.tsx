/** The outcome of a supplier (Won, Loss, pending) and the status of an RFx, as tags. */
import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RfxStatus } from '@spotzcity/shared/rfx';

export function DealTag({ deal }: { deal: string | null }) {
  const { t } = useTranslation();
  if (deal === 'Won')
    return (
      <Tag color="success" icon={<CheckCircleOutlined />}>
        Won
      </Tag>
    );
  if (deal === 'Loss')
    return (
      <Tag color="error" icon={<CloseCircleOutlined />}>
        Loss
      </Tag>
    );
  return <Tag icon={<ClockCircleOutlined />}>{t('rfx.pending')}</Tag>;
}

const STATUS_COLOR: Record<RfxStatus, string> = {
  Open: 'processing',
  Awarded: 'success',
  'Not Awarded': 'default',
};

export function StatusTag({ status }: { status: RfxStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{status}</Tag>;
}

import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiversityEvent } from '@spotzcity/shared/diversity-events';

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

/** The event-detail dialog a row click opens. */
export function EventDetailDialog({
  event,
  onClose,
}: {
  event: DiversityEvent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={event !== null}
      title={event?.eventName}
      footer={null}
      onCancel={onClose}
      width={640}
      data-testid="event-detail-dialog"
    >
      {event && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('diversityEvents.eventType')}>
            {event.eventType}
          </Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.category')}>
            {event.category ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.date')}>{event.date}</Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.city')}>
            {event.city ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.state')}>
            {event.state ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.attendance')}>
            {count(event.attendance)}
          </Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.exhibitor')}>
            {count(event.exhibitor)}
          </Descriptions.Item>
          <Descriptions.Item label={t('diversityEvents.description')}>
            {event.description ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

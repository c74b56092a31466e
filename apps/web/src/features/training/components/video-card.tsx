import { Tag, Typography } from 'antd';
import { DownloadOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@spotzcity/shared/format';
import { extensionOf, type TrainingItem } from '@spotzcity/shared/training';
import { DeleteAction } from '../../../components/delete-action.tsx';
import { VideoPlayer } from './video-player.tsx';
import css from '../training.module.css';

export interface VideoCardProps {
  item: TrainingItem;
  canDelete: boolean;
  onDelete: (item: TrainingItem) => Promise<unknown>;
}

export function VideoCard({ item, canDelete, onDelete }: VideoCardProps) {
  const { t } = useTranslation();
  const isLink = item.source === 'link';
  return (
    <article className={css.trainingVideo} data-testid="training-video-card" data-id={item.id}>
      <VideoPlayer item={item} />
      <div className={css.trainingVideoMeta}>
        <div className={css.trainingVideoText}>
          <Typography.Text
            strong
            ellipsis={{ tooltip: item.fileName }}
            className={css.trainingName}
          >
            {item.fileName}
          </Typography.Text>
          <div className={css.trainingVideoFacts}>
            {isLink ? (
              <Tag icon={<LinkOutlined />} variant="filled" color="blue">
                {t('training.link')}
              </Tag>
            ) : (
              <Tag variant="filled">{extensionOf(item.fileName).toUpperCase() || 'VIDEO'}</Tag>
            )}
            {item.size !== null && (
              <Typography.Text type="secondary">{formatFileSize(item.size)}</Typography.Text>
            )}
            {item.downloadUrl && (
              <Typography.Link href={item.downloadUrl} className={css.trainingVideoDownload}>
                <DownloadOutlined /> {t('training.download')}
              </Typography.Link>
            )}
          </div>
        </div>
        {canDelete && (
          <DeleteAction
            label={t('training.videoLabel')}
            name={item.fileName}
            onConfirm={() => onDelete(item)}
            data-testid="delete-video"
          />
        )}
      </div>
    </article>
  );
}

import { useState } from 'react';
import { Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { videoEmbed, type TrainingItem } from '@spotzcity/shared/training';
import css from '../training.module.css';

/**
 * Plays one training video: YouTube and Vimeo links in their embedded players, uploaded files
 * and other links in the video element (files through their signed URL, with range requests).
 */
export function VideoPlayer({ item }: { item: TrainingItem }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const embed = item.embedUrl ? videoEmbed(item.url) : null;

  if (item.embedUrl) {
    return (
      <div className={css.trainingPlayer}>
        <iframe
          src={item.embedUrl}
          title={t('training.embeddedFrom', {
            provider: embed?.provider === 'vimeo' ? 'Vimeo' : 'YouTube',
          })}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="training-embed"
        />
      </div>
    );
  }

  if (failed) {
    // Formats Chromium cannot decode (AVI, DV, MPEG, an M3U playlist…) are still downloadable.
    const link = item.downloadUrl ?? item.url;
    return (
      <div
        className={`${css.trainingPlayer} ${css.trainingPlayerFallback}`}
        data-testid="training-video-fallback"
      >
        <WarningOutlined />
        <Typography.Text>{t('training.cannotPlay')}</Typography.Text>
        <Typography.Link
          href={link}
          target={item.downloadUrl ? undefined : '_blank'}
          rel="noreferrer"
        >
          {item.downloadUrl ? t('training.downloadVideo') : t('training.openLink')}
        </Typography.Link>
      </div>
    );
  }

  return (
    <div className={css.trainingPlayer}>
      <video
        controls
        preload="metadata"
        src={item.url}
        onError={() => setFailed(true)}
        data-testid="training-video"
        aria-label={item.fileName}
      />
    </div>
  );
}

import { useRef, useState, type SyntheticEvent } from 'react';
import { Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { videoEmbed, type TrainingItem } from '@spotzcity/shared/training';
import { useRenewedMediaUrl } from '../api/list-training.ts';
import css from '../training.module.css';

/**
 * Plays one training video: YouTube and Vimeo links in their embedded players, uploaded files
 * and other links in the video element (files through their signed URL, with range requests).
 *
 * A file's URL lasts a few hours of the session it was given to. The player keeps the URL it
 * plays while that works — a list fetched again must not restart a playing video — and when it
 * fails, asks for a new one once and carries on where it was; a second failure in a row is the
 * format's (or the session's), and the player offers the download instead.
 */
export function VideoPlayer({ item }: { item: TrainingItem }) {
  const { t } = useTranslation();
  const renew = useRenewedMediaUrl();
  const [src, setSrc] = useState(item.url);
  const [failed, setFailed] = useState(false);
  /** Renewals since the video last loaded; where to pick up once the renewed URL loads. */
  const renewal = useRef<{ count: number; at: number; playing: boolean }>({
    count: 0,
    at: 0,
    playing: false,
  });
  const embed = item.embedUrl ? videoEmbed(item.url) : null;

  const onError = async (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    if (item.source !== 'file' || renewal.current.count > 0) {
      setFailed(true);
      return;
    }
    renewal.current = {
      count: 1,
      at: video.currentTime,
      playing: !video.paused && !video.ended,
    };
    const fresh = await renew(item).catch(() => undefined);
    if (fresh && fresh !== src) setSrc(fresh);
    else setFailed(true);
  };

  const onLoadedMetadata = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    const { count, at, playing } = renewal.current;
    renewal.current = { count: 0, at: 0, playing: false };
    if (count === 0) return;
    if (at > 0) video.currentTime = at;
    if (playing) void video.play().catch(() => undefined);
  };

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
        src={src}
        onError={(event) => void onError(event)}
        onLoadedMetadata={onLoadedMetadata}
        data-testid="training-video"
        aria-label={item.fileName}
      />
    </div>
  );
}

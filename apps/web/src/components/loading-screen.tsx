import { useTranslation } from 'react-i18next';
import markUrl from '../assets/logo-mark.svg';

/** Shown until the signed-in user's features are known ("a loading video"). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" role="status" aria-live="polite" data-testid="loading-screen">
      <div className="loading-mark">
        <span className="loading-ring" />
        <span className="loading-ring loading-ring-late" />
        <img src={markUrl} alt="" width={72} height={72} />
      </div>
      <div className="loading-wordmark" aria-hidden>
        Spotz<span>City</span>
      </div>
      <div className="loading-bar" aria-hidden>
        <span />
      </div>
      <span className="loading-text">{t('app.loading')}</span>
    </div>
  );
}

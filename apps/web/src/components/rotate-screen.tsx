import { useTranslation } from 'react-i18next';

/**
 * Covers the application on phones held in landscape (narrower than 767 px). CSS decides when it
 * shows (see styles.css), so the application underneath keeps its state.
 */
export function RotateScreen() {
  const { t } = useTranslation();
  return (
    <div className="rotate-screen" data-testid="rotate-screen" role="alert">
      <div className="rotate-device" aria-hidden>
        <span />
      </div>
      <h1>{t('rotate.title')}</h1>
      <p>{t('rotate.body')}</p>
    </div>
  );
}

/**
 * A page's (or a lazy screen's) large spinner while it loads: antd's Spin drawn with plain
 * elements, as it is on every signed-in first load before the page's code has come (issue #19).
 */
import { useTranslation } from 'react-i18next';
import spinner from './page-loader.module.css';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t('common.loading')} aria-busy>
      <span className={spinner.dots} aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}

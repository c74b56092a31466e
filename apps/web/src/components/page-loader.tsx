/** A page's (or a lazy screen's) large spinner while it loads. */
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t('common.loading')} aria-busy>
      <Spin size="large" />
    </div>
  );
}

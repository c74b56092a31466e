import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from '../../../components/module-header.tsx';

/**
 * The header of a Verified Diversity view, which opens from Supplier Spend: the module's title
 * leads back to the spend home, the view and its subtitle follow.
 */
export function SpendViewHeader({ view, subtitle }: { view: string; subtitle: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ModuleHeader
      title={t('spend.title')}
      view={view}
      subtitle={subtitle}
      onTitleClick={() => navigate('/home/supplierSpend')}
    />
  );
}

/** /home/contracts: the list, the add and edit forms and the year dashboard. */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { RecordModuleRoutes } from '../../components/record-module-routes.tsx';
import { contractQuery } from './api/get-contract.ts';
import { ContractForm } from './components/contract-form.tsx';
import { ContractList } from './components/contract-list.tsx';

// The dashboard (and echarts with it) loads only when a report is opened.
const ContractDashboard = lazy(() => import('./components/contract-dashboard.tsx'));

export default function ContractsPage() {
  const { t } = useTranslation();
  const { features } = useCurrentUser();
  return (
    <div className="page contracts-page">
      <RecordModuleRoutes
        module="contract"
        basePath="/home/contracts"
        title={t('contracts.title')}
        can={features.contract}
        list={<ContractList />}
        recordQuery={contractQuery}
        Form={ContractForm}
        Dashboard={ContractDashboard}
      />
    </div>
  );
}

/** /home/rfx: the list, the add and edit forms and the dashboard. */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { RecordModuleRoutes } from '../../components/record-module-routes.tsx';
import { rfxQuery } from './api/get-rfx.ts';
import { RfxForm } from './components/rfx-form.tsx';
import { RfxList } from './components/rfx-list.tsx';

// The dashboard (and echarts with it) loads only when a report is opened.
const RfxDashboard = lazy(() => import('./components/rfx-dashboard.tsx'));

export default function RfxPage() {
  const { t } = useTranslation();
  const { features } = useCurrentUser();
  return (
    <div className="page rfx-page">
      <RecordModuleRoutes
        module="rfx"
        basePath="/home/rfx"
        title={t('rfx.title')}
        can={features.rfx}
        list={<RfxList />}
        recordQuery={rfxQuery}
        Form={RfxForm}
        Dashboard={RfxDashboard}
      />
    </div>
  );
}

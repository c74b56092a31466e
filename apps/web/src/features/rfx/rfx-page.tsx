/**
 * /home/rfx: the list, the add and edit forms and the dashboard (spec 02 point 2). Views the
 * user's flags do not allow lead back to the list.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { ModuleHeader } from '../../components/module-header.tsx';
import { rfxQuery } from './api/get-rfx.ts';
import { RfxForm } from './components/rfx-form.tsx';
import { RfxList } from './components/rfx-list.tsx';
import './rfx.css';

// The dashboard (and echarts with it) loads only when a report is opened.
const RfxDashboard = lazy(() => import('./components/rfx-dashboard.tsx'));

const loader = (
  <div className="page-loader">
    <Spin size="large" />
  </div>
);

function FormView({ mode }: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const record = useQuery({ ...rfxQuery(id), enabled: mode === 'edit' && Number.isInteger(id) });
  let body: ReactNode;
  if (mode === 'add') body = <RfxForm />;
  else if (record.data) body = <RfxForm record={record.data} />;
  else if (record.error)
    body = (
      <Alert type="error" showIcon title={record.error.message} data-testid="rfx-load-error" />
    );
  else body = loader;
  return (
    <div data-testid={`rfx-${mode}-page`}>
      <ModuleHeader
        title={t('rfx.title')}
        view={mode === 'add' ? t('records.add') : t('records.edit')}
        onTitleClick={() => navigate('/home/rfx')}
      />
      {body}
    </div>
  );
}

export default function RfxPage() {
  const { features } = useCurrentUser();
  const toList = <Navigate to="/home/rfx" replace />;
  return (
    <div className="page rfx-page">
      <Routes>
        <Route index element={<RfxList />} />
        <Route path="add" element={features.rfx.addEdit ? <FormView mode="add" /> : toList} />
        <Route
          path="edit/:id"
          element={features.rfx.addEdit ? <FormView key="edit" mode="edit" /> : toList}
        />
        <Route
          path="dashboard"
          element={
            features.rfx.createReport ? (
              <Suspense fallback={loader}>
                <RfxDashboard />
              </Suspense>
            ) : (
              toList
            )
          }
        />
        <Route path="*" element={toList} />
      </Routes>
    </div>
  );
}

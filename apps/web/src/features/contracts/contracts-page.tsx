/**
 * /home/contracts: the list, the add and edit forms and the year dashboard (spec 02 point 2).
 * Views the user's flags do not allow lead back to the list.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { ModuleHeader } from '../../components/module-header.tsx';
import { contractQuery } from './api/get-contract.ts';
import { ContractForm } from './components/contract-form.tsx';
import { ContractList } from './components/contract-list.tsx';

// The dashboard (and echarts with it) loads only when a report is opened.
const ContractDashboard = lazy(() => import('./components/contract-dashboard.tsx'));

const loader = (
  <div className="page-loader">
    <Spin size="large" />
  </div>
);

function FormView({ mode }: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const record = useQuery({
    ...contractQuery(id),
    enabled: mode === 'edit' && Number.isInteger(id),
  });
  let body: ReactNode;
  if (mode === 'add') body = <ContractForm />;
  else if (record.data) body = <ContractForm record={record.data} />;
  else if (record.error)
    body = (
      <Alert type="error" showIcon title={record.error.message} data-testid="contract-load-error" />
    );
  else body = loader;
  return (
    <div data-testid={`contract-${mode}-page`}>
      <ModuleHeader
        title={t('contracts.title')}
        view={mode === 'add' ? t('records.add') : t('records.edit')}
        onTitleClick={() => navigate('/home/contracts')}
      />
      {body}
    </div>
  );
}

export default function ContractsPage() {
  const { features } = useCurrentUser();
  const can = features.contract;
  const toList = <Navigate to="/home/contracts" replace />;
  return (
    <div className="page contracts-page">
      <Routes>
        <Route index element={<ContractList />} />
        <Route path="add" element={can.addEdit ? <FormView mode="add" /> : toList} />
        <Route path="edit/:id" element={can.addEdit ? <FormView mode="edit" /> : toList} />
        <Route
          path="dashboard"
          element={
            can.createReport ? (
              <Suspense fallback={loader}>
                <ContractDashboard />
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

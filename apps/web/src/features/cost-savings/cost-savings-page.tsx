/**
 * /home/costSaving (spec 02 points 2, 4): the list, the add and edit forms and the dashboard, each
 * its own route so that the browser's Back works. Buttons follow features.costSaving.*.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { ModuleHeader } from '../../components/module-header.tsx';
import { costSavingQuery } from './api/get-cost-saving.ts';
import { CostSavingForm } from './components/cost-saving-form.tsx';
import { CostSavingList } from './components/cost-saving-list.tsx';
import dashboardCss from '../../components/dashboard-page.module.css';
import { PageLoader } from '../../components/page-loader.tsx';

const CostSavingsDashboard = lazy(() => import('./components/cost-savings-dashboard.tsx'));

const BASE = '/home/costSaving';

function ListView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { costSaving } = useCurrentUser().features;
  const [total, setTotal] = useState<number | undefined>(undefined);

  return (
    <div
      className={`page ${dashboardCss.listCard} cost-savings-page`}
      data-testid="cost-savings-list-page"
    >
      <ModuleHeader
        title={t('costSaving.title')}
        subtitle={t('costSaving.subtitle')}
        actions={
          <Space wrap>
            {costSaving.addEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`${BASE}/add`)}
                data-testid="cost-saving-add"
              >
                {t('costSaving.addData')}
              </Button>
            )}
            {costSaving.createReport && (
              <Button
                icon={<BarChartOutlined />}
                disabled={!total}
                onClick={() => navigate(`${BASE}/dashboard`)}
                data-testid="cost-saving-create-report"
              >
                {t('costSaving.createReport')}
              </Button>
            )}
          </Space>
        }
      />
      <CostSavingList
        canEdit={costSaving.addEdit}
        canDelete={costSaving.deleteFile}
        onEdit={(record) => navigate(`${BASE}/edit/${record.id}`)}
        onTotalChange={setTotal}
      />
    </div>
  );
}

function FormView({ mode }: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { costSaving } = useCurrentUser().features;
  // The edit form reads its case by id, so a reload or a shared link opens the same case.
  const loaded = useQuery({
    ...costSavingQuery(id),
    enabled: mode === 'edit' && costSaving.addEdit && Number.isInteger(id),
  });
  if (!costSaving.addEdit) return <Navigate to={BASE} replace />;
  const toList = () => navigate(BASE);
  const record = mode === 'edit' ? loaded.data : undefined;

  return (
    <div className="page cost-savings-page" data-testid="cost-saving-form-page">
      {/* Spec 02: the form is titled 'Add Data' or 'Edit Data'; the module's name returns to the list. */}
      <ModuleHeader
        title={t('costSaving.title')}
        view={mode === 'add' ? t('costSaving.addData') : t('costSaving.editData')}
        subtitle={t('costSaving.formSubtitle')}
        onTitleClick={toList}
      />
      {mode === 'add' || record ? (
        <CostSavingForm
          key={record?.id ?? 'new'}
          record={record}
          onDone={toList}
          onCancel={toList}
        />
      ) : loaded.error ? (
        <Alert
          type="error"
          showIcon
          title={loaded.error.message}
          data-testid="cost-saving-load-error"
        />
      ) : (
        <PageLoader />
      )}
    </div>
  );
}

function DashboardView() {
  const navigate = useNavigate();
  const { costSaving } = useCurrentUser().features;
  if (!costSaving.createReport) return <Navigate to={BASE} replace />;
  return (
    <div
      className={`page ${dashboardCss.pageWide} cost-savings-page`}
      data-testid="cost-savings-dashboard-page"
    >
      <Suspense fallback={<PageLoader />}>
        <CostSavingsDashboard onBack={() => navigate(BASE)} />
      </Suspense>
    </div>
  );
}

export default function CostSavingsPage() {
  return (
    <Routes>
      <Route index element={<ListView />} />
      <Route path="add" element={<FormView mode="add" />} />
      <Route path="edit/:id" element={<FormView mode="edit" />} />
      <Route path="dashboard" element={<DashboardView />} />
      <Route path="*" element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}

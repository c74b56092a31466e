/**
 * /home/costSaving (spec 02 points 2, 4): the list, the add and edit forms and the dashboard, each
 * its own route so that the browser's Back works. Buttons follow features.costSaving.*.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Space, Spin, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { costSavingQuery } from './api/get-cost-saving.ts';
import { CostSavingForm } from './components/cost-saving-form.tsx';
import { CostSavingList } from './components/cost-saving-list.tsx';
import '../../components/dashboard.css';
import './cost-savings.css';

const CostSavingsDashboard = lazy(() => import('./components/cost-savings-dashboard.tsx'));

const BASE = '/home/costSaving';

function ListView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { costSaving } = useCurrentUser().features;
  const [total, setTotal] = useState<number | undefined>(undefined);

  return (
    <div className="page list-card cost-savings-page" data-testid="cost-savings-list-page">
      <header className="page-header page-header-row">
        <div>
          <Typography.Title level={3} className="page-title">
            {t('costSaving.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('costSaving.subtitle')}</Typography.Text>
        </div>
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
      </header>
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
      <header className="page-header">
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={toList}
          className="page-back"
          data-testid="cost-saving-back"
        >
          {t('costSaving.backToList')}
        </Button>
        <Typography.Title level={3} className="page-title" data-testid="cost-saving-form-title">
          {mode === 'add' ? t('costSaving.addData') : t('costSaving.editData')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('costSaving.formSubtitle')}</Typography.Text>
      </header>
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
        <div className="page-loader">
          <Spin size="large" />
        </div>
      )}
    </div>
  );
}

function DashboardView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { costSaving } = useCurrentUser().features;
  if (!costSaving.createReport) return <Navigate to={BASE} replace />;
  return (
    <div className="page page-wide cost-savings-page" data-testid="cost-savings-dashboard-page">
      <Tooltip title={t('costSaving.backToList')}>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(BASE)}
          className="page-back"
          data-testid="cost-saving-back"
        >
          {t('costSaving.backToList')}
        </Button>
      </Tooltip>
      <Suspense
        fallback={
          <div className="page-loader">
            <Spin size="large" />
          </div>
        }
      >
        <CostSavingsDashboard />
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

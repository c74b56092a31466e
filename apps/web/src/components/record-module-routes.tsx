/**
 * The routes of a record module (RFx, Contracts; spec 02 point 2) under its base path: the list,
 * 'add', 'edit/:id' (the record is read first) and the lazily loaded 'dashboard'. Views the
 * user's flags do not allow, and unknown paths, lead back to the list.
 * Test ids: `${module}-add-page`, `${module}-edit-page`, `${module}-load-error`.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ModuleHeader } from './module-header.tsx';
import { PageLoader } from './page-loader.tsx';

const loader = <PageLoader />;

interface FormViewProps<Row, Key extends QueryKey> {
  mode: 'add' | 'edit';
  module: string;
  basePath: string;
  title: string;
  recordQuery: (id: number) => UseQueryOptions<Row, Error, Row, Key>;
  Form: ComponentType<{ record?: Row }>;
}

function FormView<Row, Key extends QueryKey>({
  mode,
  module,
  basePath,
  title,
  recordQuery,
  Form,
}: FormViewProps<Row, Key>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const record = useQuery({
    ...recordQuery(id),
    enabled: mode === 'edit' && Number.isInteger(id),
  });
  let body: ReactNode;
  if (mode === 'add') body = <Form />;
  else if (record.data) body = <Form record={record.data} />;
  else if (record.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={record.error.message}
        data-testid={`${module}-load-error`}
      />
    );
  else body = loader;
  return (
    <div data-testid={`${module}-${mode}-page`}>
      <ModuleHeader
        title={title}
        view={mode === 'add' ? t('records.add') : t('records.edit')}
        onTitleClick={() => navigate(basePath)}
      />
      {body}
    </div>
  );
}

export interface RecordModuleRoutesProps<Row, Key extends QueryKey> {
  /** Test id prefix: 'rfx', 'contract'. */
  module: string;
  /** '/home/rfx' */
  basePath: string;
  title: string;
  can: { addEdit: boolean; createReport: boolean };
  list: ReactNode;
  recordQuery: (id: number) => UseQueryOptions<Row, Error, Row, Key>;
  Form: ComponentType<{ record?: Row }>;
  /** Lazy, so that echarts loads only when a report is opened. */
  Dashboard: ComponentType;
}

export function RecordModuleRoutes<Row, Key extends QueryKey>({
  module,
  basePath,
  title,
  can,
  list,
  recordQuery,
  Form,
  Dashboard,
}: RecordModuleRoutesProps<Row, Key>) {
  const toList = <Navigate to={basePath} replace />;
  const form = { module, basePath, title, recordQuery, Form };
  return (
    <Routes>
      <Route index element={list} />
      <Route path="add" element={can.addEdit ? <FormView mode="add" {...form} /> : toList} />
      {/* Its own key: coming from 'add', the edit form starts afresh. */}
      <Route
        path="edit/:id"
        element={can.addEdit ? <FormView key="edit" mode="edit" {...form} /> : toList}
      />
      <Route
        path="dashboard"
        element={
          can.createReport ? (
            <Suspense fallback={loader}>
              <Dashboard />
            </Suspense>
          ) : (
            toList
          )
        }
      />
      <Route path="*" element={toList} />
    </Routes>
  );
}

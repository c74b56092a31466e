/**
 * The routes of a record module (RFx, Contracts, Cost Savings) under its base
 * path: the list, 'add', 'edit/:id' (the record is read first) and the lazily loaded 'dashboard'.
 * Views the user's flags do not allow, and unknown paths, lead back to the list.
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

/** What the form view gives the module's form: the record to edit (none: a new one). */
export interface RecordFormViewProps<Row> {
  record?: Row;
  /** Back to the list: after a save's OK, or Cancel. */
  toList: () => void;
}

type FormViewProps<Row, Key extends QueryKey> = { mode: 'add' | 'edit' } & Omit<
  RecordModuleRoutesProps<Row, Key>,
  'can' | 'list' | 'Dashboard'
>;

function FormView<Row, Key extends QueryKey>({
  mode,
  module,
  basePath,
  title,
  views,
  formSubtitle,
  formClassName,
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
  const toList = () => navigate(basePath);
  let body: ReactNode;
  if (mode === 'add') body = <Form toList={toList} />;
  else if (record.data) body = <Form record={record.data} toList={toList} />;
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
  const view = views ?? { add: t('records.add'), edit: t('records.edit') };
  return (
    <div className={formClassName} data-testid={`${module}-${mode}-page`}>
      <ModuleHeader title={title} view={view[mode]} subtitle={formSubtitle} onTitleClick={toList} />
      {body}
    </div>
  );
}

export interface RecordModuleRoutesProps<Row, Key extends QueryKey> {
  /** Test id prefix: 'rfx', 'contract', 'cost-saving'. */
  module: string;
  /** '/home/rfx' */
  basePath: string;
  title: string;
  /** The form's view in its header; 'Add' and 'Edit' unless the module's spec names them. */
  views?: { add: string; edit: string };
  /** A line under the form's header. */
  formSubtitle?: string;
  /** The form view's page frame, for a module whose views are framed one by one. */
  formClassName?: string;
  can: { addEdit: boolean; createReport: boolean };
  list: ReactNode;
  recordQuery: (id: number) => UseQueryOptions<Row, Error, Row, Key>;
  Form: ComponentType<RecordFormViewProps<Row>>;
  /** Lazy, so that echarts loads only when a report is opened. */
  Dashboard: ComponentType;
}

export function RecordModuleRoutes<Row, Key extends QueryKey>({
  can,
  list,
  Dashboard,
  ...form
}: RecordModuleRoutesProps<Row, Key>) {
  const toList = <Navigate to={form.basePath} replace />;
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

/**
 * The list of a record module (RFx, Contracts): the module's header with 'Add',
 * 'Download Excel' (disabled until the list is known to hold a record) and 'Create Report', the
 * infinite table with a pencil and trash per row as the user's flags allow, and the report dialog.
 * The module gives its columns, its expanded row and where the report opens.
 * Test ids: `${module}-list-page`, `-add`, `-download-excel`, `-create-report`, `-table`.
 */
import { useMemo, useState } from 'react';
import { Button, Card, type TableProps } from 'antd';
import { BarChartOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from './download-button.tsx';
import { InfiniteTable, type InfiniteTableProps } from './infinite-table.tsx';
import { ModuleHeader } from './module-header.tsx';
import { RecordActions } from './record-actions.tsx';
import { ReportDialog, type ReportPeriod } from './report-dialog.tsx';

type Columns<Row> = NonNullable<TableProps<Row>['columns']>;

export interface RecordListPageProps<Row extends { id: number }> {
  /** Prefix of the test ids and of the row actions' ids: 'rfx', 'contract'. */
  module: string;
  title: string;
  subtitle: string;
  /** What one record is called ('RFx', 'Contract'): the row actions' labels. */
  label: string;
  /** A record's own name, for its delete button and question. */
  nameOf?: (record: Row) => string;
  addLabel: string;
  can: { addEdit: boolean; deleteFile: boolean; createReport: boolean };
  remove: (id: number) => Promise<{ message: string }>;
  downloadList: () => Promise<unknown>;
  queryKey: InfiniteTableProps<Row>['queryKey'];
  fetchPage: InfiniteTableProps<Row>['fetchPage'];
  /** The module's own columns; the row actions are added after them. */
  columns: Columns<Row>;
  expandable: InfiniteTableProps<Row>['expandable'];
  report: {
    title: string;
    withQuarters?: boolean;
    /** The dashboard's path (relative to the list) for the chosen period. */
    pathFor: (period: ReportPeriod) => string;
  };
}

export function RecordListPage<Row extends { id: number }>({
  module,
  title,
  subtitle,
  label,
  nameOf,
  addLabel,
  can,
  remove,
  downloadList,
  queryKey,
  fetchPage,
  columns,
  expandable,
  report,
}: RecordListPageProps<Row>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [reportOpen, setReportOpen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);

  const withActions = useMemo<Columns<Row>>(() => {
    if (!can.addEdit && !can.deleteFile) return columns;
    return [
      ...columns,
      {
        title: <span className="sr-only">{t('records.actions')}</span>,
        key: 'actions',
        width: 96,
        align: 'right',
        render: (_, record) => (
          <RecordActions
            label={label}
            name={nameOf?.(record)}
            module={module}
            id={record.id}
            onEdit={can.addEdit ? () => navigate(`edit/${record.id}`) : undefined}
            onDelete={can.deleteFile ? () => remove(record.id) : undefined}
          />
        ),
      },
    ];
  }, [t, columns, label, nameOf, module, can.addEdit, can.deleteFile, navigate, remove]);

  return (
    <div data-testid={`${module}-list-page`}>
      <ModuleHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {can.addEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate('add')}
                data-testid={`${module}-add`}
              >
                {addLabel}
              </Button>
            )}
            <DownloadButton
              icon={<FileExcelOutlined />}
              onDownload={downloadList}
              disabled={!total}
              data-testid={`${module}-download-excel`}
            >
              {t('records.downloadExcel')}
            </DownloadButton>
            {can.createReport && (
              <Button
                icon={<BarChartOutlined />}
                onClick={() => setReportOpen(true)}
                data-testid={`${module}-create-report`}
              >
                {t('records.createReport')}
              </Button>
            )}
          </>
        }
      />
      <Card className="records-card">
        <InfiniteTable<Row>
          queryKey={queryKey}
          fetchPage={fetchPage}
          columns={withActions}
          rowKey="id"
          height={620}
          onTotalChange={setTotal}
          expandable={expandable}
          data-testid={`${module}-table`}
        />
      </Card>
      <ReportDialog
        open={reportOpen}
        title={report.title}
        withQuarters={report.withQuarters}
        onCancel={() => setReportOpen(false)}
        onCreate={(period) => {
          setReportOpen(false);
          navigate(report.pathFor(period));
        }}
      />
    </div>
  );
}

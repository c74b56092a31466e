/**
 * The RFx list (spec 02 point 2): infinite scroll, each row expanding to Supplier's Data, pencil
 * and trash per the user's flags; Add RFx, Download Excel and Create Report above it.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Table, Tag, Tooltip, type TableProps } from 'antd';
import { BarChartOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { RFX_TYPE_NAMES, type RfxRecord, type RfxType } from '@spotzcity/shared/rfx';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { DiversityTags } from '../../../components/diversity.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
import { RecordActions } from '../../../components/record-actions.tsx';
import { ReportDialog, type ReportPeriod } from '../../../components/report-dialog.tsx';
import { useDeleteRfx } from '../api/delete-rfx.ts';
import { downloadRfxList } from '../api/excel.ts';
import { fetchRfxPage, rfxListKey } from '../api/list-rfx.ts';
import { DealTag } from './status-tags.tsx';

type Supplier = RfxRecord['rfxSupplier'][number];

function SuppliersData({ record }: { record: RfxRecord }) {
  const { t } = useTranslation();
  const columns: TableProps<Supplier>['columns'] = [
    {
      title: t('rfx.supplier'),
      dataIndex: 'supplierIncluded',
      key: 'supplier',
      render: (name: string) => <span className="cell-strong">{name}</span>,
    },
    {
      title: t('rfx.diversityCategory'),
      dataIndex: 'diversityCategory',
      key: 'diversity',
      render: (types: string[]) => <DiversityTags types={types} />,
    },
    {
      title: t('rfx.ethnicityCategory'),
      dataIndex: 'ethenicityCategory',
      key: 'ethnicity',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('rfx.deals'),
      dataIndex: 'deals',
      key: 'deals',
      render: (deal: string | null) => <DealTag deal={deal} />,
    },
    {
      title: t('rfx.outcomeDetail'),
      key: 'detail',
      render: (_, s) =>
        s.deals === 'Won'
          ? s.pointOfContact
          : s.deals === 'Loss'
            ? s.reasonForLoss === 'Other' && s.reasonForLossOther
              ? `Other: ${s.reasonForLossOther}`
              : s.reasonForLoss
            : '—',
    },
  ];
  return (
    <div className="expanded-block" data-testid={`rfx-suppliers-${record.id}`}>
      <h4 className="expanded-block-title">{t('rfx.suppliersData')}</h4>
      <Table<Supplier>
        size="small"
        columns={columns}
        dataSource={record.rfxSupplier}
        rowKey={(s) => `${s.supplierIncluded}-${record.rfxSupplier.indexOf(s)}`}
        pagination={false}
      />
    </div>
  );
}

export function RfxList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { features } = useCurrentUser();
  const can = features.rfx;
  const remove = useDeleteRfx();
  const [reportOpen, setReportOpen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);

  const columns = useMemo<NonNullable<TableProps<RfxRecord>['columns']>>(() => {
    const base: NonNullable<TableProps<RfxRecord>['columns']> = [
      {
        title: t('rfx.rfxNumber'),
        dataIndex: 'rfxNumber',
        key: 'rfxNumber',
        width: 124,
        render: (value: string) => <span className="cell-strong cell-nowrap">{value}</span>,
      },
      { title: t('rfx.name'), dataIndex: 'rfxName', key: 'rfxName' },
      {
        title: t('rfx.type'),
        dataIndex: 'type',
        key: 'type',
        width: 64,
        render: (type: RfxType) => (
          <Tooltip title={RFX_TYPE_NAMES[type]}>
            <Tag variant="outlined">{type}</Tag>
          </Tooltip>
        ),
      },
      { title: t('rfx.category'), dataIndex: 'category', key: 'category' },
      {
        title: t('rfx.categoryManager'),
        dataIndex: 'categoryManager',
        key: 'categoryManager',
        render: (value: string | null) => value ?? '—',
      },
      {
        title: t('rfx.startDate'),
        dataIndex: 'startDate',
        key: 'startDate',
        width: 100,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      {
        title: t('rfx.dateSubmitted'),
        dataIndex: 'submitDate',
        key: 'submitDate',
        width: 120,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      {
        title: t('rfx.contractValue'),
        dataIndex: 'contractValue',
        key: 'contractValue',
        width: 120,
        align: 'right',
        className: 'cell-money',
        render: (value: number) => formatMoney(value),
      },
      {
        title: t('rfx.completed'),
        dataIndex: 'rfxCompleted',
        key: 'rfxCompleted',
        width: 96,
        render: (value: string) => (
          <Tag color={value === 'Yes' ? 'green' : 'gold'} variant="filled">
            {value}
          </Tag>
        ),
      },
    ];
    if (can.addEdit || can.deleteFile) {
      base.push({
        title: <span className="sr-only">{t('records.actions')}</span>,
        key: 'actions',
        width: 96,
        align: 'right',
        render: (_, record) => (
          <RecordActions
            label={t('rfx.label')}
            module="rfx"
            id={record.id}
            onEdit={can.addEdit ? () => navigate(`edit/${record.id}`) : undefined}
            onDelete={can.deleteFile ? () => remove.mutateAsync(record.id) : undefined}
          />
        ),
      });
    }
    return base;
  }, [t, can.addEdit, can.deleteFile, navigate, remove]);

  const openReport = (period: ReportPeriod) => {
    setReportOpen(false);
    navigate(`dashboard?quaters=${period.quaters.join('-')}&year=${period.year}`);
  };

  return (
    <div data-testid="rfx-list-page">
      <ModuleHeader
        title={t('rfx.title')}
        subtitle={t('rfx.subtitle')}
        actions={
          <>
            {can.addEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate('add')}
                data-testid="rfx-add"
              >
                {t('rfx.addRfx')}
              </Button>
            )}
            <DownloadButton
              icon={<FileExcelOutlined />}
              onDownload={downloadRfxList}
              disabled={total === 0}
              data-testid="rfx-download-excel"
            >
              {t('records.downloadExcel')}
            </DownloadButton>
            {can.createReport && (
              <Button
                icon={<BarChartOutlined />}
                onClick={() => setReportOpen(true)}
                data-testid="rfx-create-report"
              >
                {t('records.createReport')}
              </Button>
            )}
          </>
        }
      />
      <Card className="records-card">
        <InfiniteTable<RfxRecord>
          queryKey={rfxListKey}
          fetchPage={fetchRfxPage}
          columns={columns}
          rowKey="id"
          height={620}
          onTotalChange={setTotal}
          expandable={{
            expandedRowRender: (record) => <SuppliersData record={record} />,
            columnTitle: <span className="sr-only">{t('rfx.suppliersData')}</span>,
          }}
          data-testid="rfx-table"
        />
      </Card>
      <ReportDialog
        open={reportOpen}
        title={t('rfx.report.dialogTitle')}
        withQuarters
        onCancel={() => setReportOpen(false)}
        onCreate={openReport}
      />
    </div>
  );
}

/**
 * The RFx list: infinite scroll, each row expanding to Supplier's Data, pencil
 * and trash per the user's flags; Add RFx, Download Excel and Create Report above it.
 */
import { useMemo } from 'react';
import { Table, Tag, Tooltip, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { RFX_TYPE_NAMES, type RfxRecord, type RfxType } from '@spotzcity/shared/rfx';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { DiversityTags } from '../../../components/diversity.tsx';
import { RecordListPage } from '../../../components/record-list-page.tsx';
import { useDeleteRfx } from '../api/delete-rfx.ts';
import { downloadRfxList } from '../api/excel.ts';
import { rfxKeys } from '../api/keys.ts';
import { fetchRfxPage } from '../api/list-rfx.ts';
import { DealTag } from './status-tags.tsx';

type Supplier = RfxRecord['rfxSupplier'][number];

/** What a delete button and its question call an RFx. */
const rfxName = (record: RfxRecord) => record.rfxName;

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
  const { features } = useCurrentUser();
  const remove = useDeleteRfx();

  const columns = useMemo<NonNullable<TableProps<RfxRecord>['columns']>>(
    () => [
      {
        title: t('rfx.rfxNumber'),
        dataIndex: 'rfxNumber',
        key: 'rfxNumber',
        // Fifteen characters (the most an RFx number holds) on one line; wider letters than
        // the usual digits and capitals wrap rather than hide the last ones under the next column.
        width: 150,
        render: (value: string) => <span className="cell-strong cell-break">{value}</span>,
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
    ],
    [t],
  );

  return (
    <RecordListPage<RfxRecord>
      module="rfx"
      title={t('rfx.title')}
      subtitle={t('rfx.subtitle')}
      label={t('rfx.label')}
      nameOf={rfxName}
      addLabel={t('rfx.addRfx')}
      can={features.rfx}
      remove={remove.mutateAsync}
      downloadList={downloadRfxList}
      queryKey={rfxKeys.list()}
      fetchPage={fetchRfxPage}
      columns={columns}
      expandable={{
        expandedRowRender: (record) => <SuppliersData record={record} />,
        columnTitle: <span className="sr-only">{t('rfx.suppliersData')}</span>,
      }}
      report={{
        title: t('rfx.report.dialogTitle'),
        withQuarters: true,
        pathFor: (period) => `dashboard?quaters=${period.quaters.join('-')}&year=${period.year}`,
      }}
    />
  );
}

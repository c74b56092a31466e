/**
 * The counting rule card's figures beside each other (components/counting-rule-card.tsx): the
 * reported and verified figures of the diverse total and each type, the counting note, and the
 * suppliers behind the verified figure. A chunk of its own, loaded once the card's headline has
 * painted (the table's code is most of what the first screen would wait for).
 */
import { Alert, Collapse, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatMoney } from '@spotzcity/shared/format';
import { MATCH_RULE_LABELS } from '@spotzcity/shared/verified-words';
import { type CountingRule } from '@spotzcity/shared/verified-words';
import { CountingNote } from '../../../components/counting-note.tsx';
import {
  verifiedDrillTarget,
  verifiedSuppliersQuery,
  type VerifiedSupplier,
} from '../api/verified.ts';
import { DrillDownFigure } from '../../../components/drill-down.tsx';
import css from '../spend-dashboards.module.css';

/** A line of the table: the diverse total or a type, as reported and as verified. */
export interface CountingRow {
  key: string;
  label: string;
  reported: number;
  verified: number;
}

function DrillDown({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const suppliers = useQuery(verifiedSuppliersQuery(fileIds));
  // A failed request says so: an empty table would read as "no verified supplier".
  if (suppliers.isError) return <Alert type="error" showIcon title={suppliers.error.message} />;
  return (
    <Table<VerifiedSupplier>
      size="small"
      rowKey="supplierKey"
      loading={suppliers.isPending}
      dataSource={suppliers.data ?? []}
      pagination={false}
      scroll={{ x: 760, y: 420 }}
      data-testid="verified-drilldown"
      columns={[
        {
          title: t('verified.supplier'),
          dataIndex: 'supplierName',
          render: (name: string, s) => (name === s.vendorName ? name : `${name} (${s.vendorName})`),
        },
        {
          title: t('verified.matchedBy'),
          dataIndex: 'matchRule',
          render: (rule: VerifiedSupplier['matchRule']) => MATCH_RULE_LABELS[rule],
        },
        {
          title: t('verified.certificates'),
          key: 'certificates',
          render: (_: unknown, s) =>
            s.certificates.map((c) => (
              <Tag key={c.id} color={c.fromDirectory ? 'blue' : undefined}>
                {`${diversityLabel(c.diversityType)} · ${c.agency}${c.certificateNumber ? ` ${c.certificateNumber}` : ''} · ${c.issueDate} – ${c.expiryDate}${c.fromDirectory ? ` (${t('verified.fromDirectory')})` : ''}`}
              </Tag>
            )),
        },
        {
          title: t('verified.reportedSpend'),
          dataIndex: 'reportedSpend',
          align: 'right',
          render: (v: number) => formatMoney(v),
        },
        {
          title: t('verified.verifiedSpend'),
          dataIndex: 'verifiedSpend',
          align: 'right',
          render: (v: number) => formatMoney(v),
        },
      ]}
    />
  );
}

export function CountingDetails({
  fileIds,
  rows,
  rule,
}: {
  fileIds: number[];
  rows: CountingRow[];
  rule: CountingRule;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        data-testid="counting-table"
        columns={[
          { title: t('verified.perType'), dataIndex: 'label' },
          {
            title: t('verified.reported'),
            dataIndex: 'reported',
            align: 'right',
            className: rule === 'REPORTED' ? css.countingChosen : undefined,
            render: (v: number) => formatMoney(v),
          },
          {
            title: t('verified.verifiedColumn'),
            dataIndex: 'verified',
            align: 'right',
            className: rule === 'VERIFIED' ? css.countingChosen : undefined,
            // The verified diverse total opens the suppliers and payments behind it.
            render: (v: number, row: CountingRow) =>
              row.key === 'diverse' ? (
                <DrillDownFigure
                  target={verifiedDrillTarget(fileIds)}
                  amount={formatMoney(v)}
                  data-testid="verified-drill-table"
                >
                  {formatMoney(v)}
                </DrillDownFigure>
              ) : (
                formatMoney(v)
              ),
          },
        ]}
      />
      <CountingNote />
      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'drill',
            label: t('verified.drillDown'),
            children: <DrillDown fileIds={fileIds} />,
          },
        ]}
      />
    </>
  );
}

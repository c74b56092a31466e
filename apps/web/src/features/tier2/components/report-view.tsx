/**
 * One quarter's report, read-only: who sent it, the revenue share, the direct lines (and their
 * sum per project or cost centre where the buyer asks for one), the allocation (indirect = the
 * prime's diverse spend × the revenue share) and the versions it replaced, as buyer and prime
 * both see it. Nothing is wider than a phone: at most three columns, earlier versions stacked.
 */
import { Descriptions, Table, Typography } from 'antd';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { segmentLabel, type Tier2Report } from '@spotzcity/shared/tier2';
import { StackedFigures } from '../../../components/tier2-figures-table.tsx';
import css from '../tier2.module.css';

const SOURCE_LABELS = { FORM: 'form', UPLOAD: 'template upload' } as const;

/** 'MM/DD/YYYY by Name (form)': who sent a version, when and how. */
const sentBy = (at: string | null, by: string | null, source?: keyof typeof SOURCE_LABELS) =>
  `${formatDate(at)} by ${by ?? 'a deleted user'}${source ? ` (${SOURCE_LABELS[source]})` : ''}`;

/** A money column's total under a table. */
function SumRow({
  label,
  span,
  value,
  testId,
}: {
  label: string;
  span: number;
  value: string;
  testId: string;
}) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={span}>
        {label}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={1} align="right">
        <span data-testid={testId}>{formatMoney(value)}</span>
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}

export function ReportView({ report }: { report: Tier2Report }) {
  if (!report.submitted) {
    return <Typography.Paragraph type="secondary">Not reported yet.</Typography.Paragraph>;
  }
  // The column is named after what the buyer asks now; lines sent under an earlier list keep
  // their names.
  const broken = report.direct.some((d) => d.segment !== '');
  const per = segmentLabel(report.breakdown) || 'Project / Cost Centre';
  return (
    <div className={css.tier2ReportView} data-testid="tier2-report-view">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { label: 'Total revenue', children: formatMoney(report.totalRevenue) },
          { label: `Revenue from ${report.buyerName}`, children: formatMoney(report.buyerRevenue) },
          {
            label: 'Revenue share',
            children: <span data-testid="tier2-revenue-share">{report.revenueShare}%</span>,
          },
          {
            label: 'Reported',
            children: (
              <span data-testid="tier2-reported-by">
                {sentBy(report.submittedAt, report.submittedBy)}
              </span>
            ),
          },
        ]}
      />
      <Typography.Title level={5}>Direct Tier 2 spend</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey={(r) => `${r.diversity}:${r.segment}`}
        dataSource={report.direct}
        columns={[
          { title: 'Diversity', dataIndex: 'diversity', render: (v: string) => diversityLabel(v) },
          ...(broken ? [{ title: per, dataIndex: 'segment' }] : []),
          { title: 'Amount', dataIndex: 'amount', align: 'right' as const, render: formatMoney },
        ]}
        summary={() => (
          <SumRow
            label="Total direct"
            span={broken ? 2 : 1}
            value={report.directTotal}
            testId="tier2-direct-sum"
          />
        )}
      />
      {broken && (
        <>
          <Typography.Title level={5}>Direct spend per {per.toLowerCase()}</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="segment"
            dataSource={report.segmentTotals}
            data-testid="tier2-segment-totals"
            columns={[
              { title: per, dataIndex: 'segment' },
              { title: 'Direct', dataIndex: 'amount', align: 'right', render: formatMoney },
            ]}
          />
        </>
      )}
      <Typography.Title level={5}>
        Indirect Tier 2 spend (allocated at {report.revenueShare}%)
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="diversity"
        dataSource={report.allocation}
        columns={[
          { title: 'Diversity', dataIndex: 'diversity', render: (v: string) => diversityLabel(v) },
          {
            title: "Prime's diverse spend",
            dataIndex: 'primeDiverseSpend',
            align: 'right',
            render: formatMoney,
          },
          { title: 'Allocated', dataIndex: 'indirect', align: 'right', render: formatMoney },
        ]}
        summary={() => (
          <SumRow
            label="Total indirect"
            span={2}
            value={report.indirectTotal}
            testId="tier2-indirect-sum"
          />
        )}
      />
      {report.history.length > 0 && (
        <>
          <Typography.Title level={5}>Earlier versions of this report</Typography.Title>
          <ol className={css.tier2History} data-testid="tier2-history">
            {report.history.map((v) => (
              <li key={`${v.submittedAt}:${v.replacedAt}`}>
                <Typography.Text>
                  Sent {sentBy(v.submittedAt, v.submittedBy, v.source)}, replaced{' '}
                  {formatDate(v.replacedAt)}
                </Typography.Text>
                <StackedFigures
                  items={[
                    { label: 'Total revenue', value: formatMoney(v.totalRevenue) },
                    { label: 'From buyer', value: formatMoney(v.buyerRevenue) },
                    { label: 'Share', value: `${v.revenueShare}%` },
                    { label: 'Direct', value: formatMoney(v.directTotal) },
                    { label: 'Indirect', value: formatMoney(v.indirectTotal) },
                  ]}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/**
 * One quarter's report, read-only: the revenue share, the direct lines and the allocation
 * (indirect = the prime's diverse spend × the revenue share), as buyer and prime both see it.
 */
import { Descriptions, Table, Typography } from 'antd';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { segmentLabel, type Tier2Report } from '@spotzcity/shared/tier2';

export function ReportView({ report }: { report: Tier2Report }) {
  if (!report.submitted) {
    return <Typography.Paragraph type="secondary">Not reported yet.</Typography.Paragraph>;
  }
  const per = segmentLabel(report.breakdown);
  return (
    <div className="tier2-report-view" data-testid="tier2-report-view">
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
          { label: 'Reported', children: formatDate(report.submittedAt) },
        ]}
      />
      <Typography.Title level={5}>Direct Tier 2 spend</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey={(r) => `${r.diversity}:${r.segment}`}
        dataSource={report.direct}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Diversity', dataIndex: 'diversity', render: (v: string) => diversityLabel(v) },
          ...(per ? [{ title: per, dataIndex: 'segment' }] : []),
          { title: 'Amount', dataIndex: 'amount', align: 'right' as const, render: formatMoney },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={per ? 2 : 1}>
              Total direct
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <span data-testid="tier2-direct-sum">{formatMoney(report.directTotal)}</span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Typography.Title level={5}>Indirect Tier 2 spend (allocated)</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="diversity"
        dataSource={report.allocation}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Diversity', dataIndex: 'diversity', render: (v: string) => diversityLabel(v) },
          {
            title: "Prime's diverse spend",
            dataIndex: 'primeDiverseSpend',
            align: 'right',
            render: formatMoney,
          },
          { title: 'Revenue share', align: 'right', render: () => `${report.revenueShare}%` },
          { title: 'Allocated', dataIndex: 'indirect', align: 'right', render: formatMoney },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              Total indirect
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <span data-testid="tier2-indirect-sum">{formatMoney(report.indirectTotal)}</span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </div>
  );
}

/**
 * Tier 2 next to Tier 1 per diversity type (issue #23): three columns side by side, never added
 * together. Shown on the Spend Dashboard's Tier 2 card and on the buyer's Tier 2 page.
 */
import { Table } from 'antd';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { formatMoney } from '@spotzcity/shared/format';
import type { Tier2Figures } from '@spotzcity/shared/tier2';

export function Tier2FiguresTable({
  rows,
  tier1Title,
}: {
  rows: Tier2Figures['rows'];
  /** 'Tier 1', or 'Tier 1 2026' where the year is not said elsewhere. */
  tier1Title: string;
}) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="diversity"
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'Diversity', dataIndex: 'diversity', render: (v: string) => diversityLabel(v) },
        { title: tier1Title, dataIndex: 'tier1', align: 'right', render: formatMoney },
        { title: 'Tier 2 direct', dataIndex: 'direct', align: 'right', render: formatMoney },
        { title: 'Tier 2 indirect', dataIndex: 'indirect', align: 'right', render: formatMoney },
      ]}
    />
  );
}

/**
 * Tier 2 next to Tier 1 per diversity type: three columns side by side, never added
 * together. Shown on the Spend Dashboard's Tier 2 card and on the buyer's Tier 2 page. On a
 * phone each type is one row with its three figures under it, so nothing scrolls sideways.
 */
import { Table } from 'antd';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatMoney } from '@spotzcity/shared/format';
import type { Tier2Figures } from '@spotzcity/shared/tier2';
import styles from './stacked-figures.module.css';
import { PHONE_QUERY, useMediaQuery } from './use-media-query.ts';

type Row = Tier2Figures['rows'][number];

/** Labelled figures side by side, wrapping: a table row's columns as they fit on a phone. */
export function StackedFigures({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className={styles.figures}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Tier2FiguresTable({
  rows,
  tier1Title,
}: {
  rows: Tier2Figures['rows'];
  /** 'Tier 1', or 'Tier 1 2026' where the year is not said elsewhere. */
  tier1Title: string;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const figures = (r: Row) => [
    { label: tier1Title, value: formatMoney(r.tier1) },
    { label: 'Tier 2 direct', value: formatMoney(r.direct) },
    { label: 'Tier 2 indirect', value: formatMoney(r.indirect) },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="diversity"
      dataSource={rows}
      data-testid="tier2-figures-table"
      columns={
        phone
          ? [
              {
                title: 'Diversity',
                dataIndex: 'diversity',
                render: (v: string, r: Row) => (
                  <>
                    <strong>{diversityLabel(v)}</strong>
                    <StackedFigures items={figures(r)} />
                  </>
                ),
              },
            ]
          : [
              {
                title: 'Diversity',
                dataIndex: 'diversity',
                render: (v: string) => diversityLabel(v),
              },
              { title: tier1Title, dataIndex: 'tier1', align: 'right', render: formatMoney },
              { title: 'Tier 2 direct', dataIndex: 'direct', align: 'right', render: formatMoney },
              {
                title: 'Tier 2 indirect',
                dataIndex: 'indirect',
                align: 'right',
                render: formatMoney,
              },
            ]
      }
    />
  );
}

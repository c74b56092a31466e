/**
 * Category Dashboard: diverse and non-diverse spend per category (bar graph), the share of each
 * category (pie, with the largest and smallest called out) and the Top Categories table.
 */
import { Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import type { TopCategory } from '@spotzcity/shared/spend-dashboards';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import { EChart } from '../../../components/echart.tsx';
import { usePrinting } from '../../../components/print.ts';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { categoryBarOption, categoryPieOption } from '@spotzcity/shared/charts/spend';
import { percentText, useChartSize } from './chart-format.ts';
import { SpendBaseLine } from './spend-base.tsx';
import grid from '../../../components/dashboard-grid.module.css';
import css from '../spend-dashboards.module.css';

/**
 * Whether the shares of suppliers add up to more than 100% (a supplier paid in several
 * categories counts in each), beyond what rounding each share to two decimals can add.
 */
const severalCategories = (rows: readonly TopCategory[]) =>
  rows.reduce((sum, c) => sum + c.supplierPercentage, 0) > 100 + rows.length * 0.005;

/**
 * `base` is the percentages' base: the pie is a share of it (the non-addressable categories leave
 * an addressable pie); the bars and the table's amounts stay all spend, and the table's '% Of
 * Spend' is of the base (blank for a non-addressable category).
 */
export function CategoryDashboard({ fileIds, base }: { fileIds: number[]; base: SpendBase }) {
  const { t } = useTranslation();
  const printing = usePrinting();
  const { height, narrow } = useChartSize();
  // Amounts only: the same figures whatever the base.
  const bars = useQuery(graphQuery('categoryPerDiversity', fileIds));
  const pie = useQuery(graphQuery('categoryPercentage', fileIds, base));
  const top = useQuery(graphQuery('topCategoriesStatatics', fileIds, base));

  return (
    <div className={grid.pairs}>
      <ChartCard
        title={t('spendDashboards.categoryBar')}
        query={bars}
        isEmpty={(d) => d.length === 0}
        data-testid="chart-category-bar"
      >
        {(d) => (
          <EChart
            height={Math.max(height, d.length * 28 + 60)}
            option={categoryBarOption(d, narrow)}
          />
        )}
      </ChartCard>

      <ChartCard
        title={t('spendDashboards.categoryPie')}
        query={pie}
        isEmpty={(d) => d.categories.length === 0}
        data-testid="chart-category-pie"
      >
        {(d) => {
          return (
            <>
              {d.max && d.min && (
                <Space size={4} wrap>
                  <Tag color="green" data-testid="category-max">
                    {t('spendDashboards.maxCategory')}: {d.max.category} (
                    {percentText(d.max.percentage)})
                  </Tag>
                  <Tag color="orange" data-testid="category-min">
                    {t('spendDashboards.minCategory')}: {d.min.category} (
                    {percentText(d.min.percentage)})
                  </Tag>
                </Space>
              )}
              <EChart
                height={narrow ? height : Math.max(height, d.categories.length * 28 + 60) - 32}
                option={categoryPieOption(d, narrow)}
              />
              <SpendBaseLine base={base} testId="spend-base-pie" />
            </>
          );
        }}
      </ChartCard>

      <div className={grid.wide}>
        <ChartCard
          title={t('spendDashboards.topCategories')}
          query={top}
          isEmpty={(d) => d.length === 0}
          data-testid="top-categories"
        >
          {(d) => (
            <>
              <Table<TopCategory>
                size="small"
                rowKey="category"
                dataSource={d}
                // On a phone the five columns scroll inside the card, not the page.
                scroll={printing ? undefined : { x: 'max-content' }}
                pagination={
                  !printing && d.length > 10 ? { pageSize: 10, showSizeChanger: false } : false
                }
                columns={[
                  { title: t('spendDashboards.categoryName'), dataIndex: 'category' },
                  {
                    title: t('spendDashboards.totalSuppliers'),
                    dataIndex: 'supplierCount',
                    align: 'right',
                  },
                  {
                    title: t('spendDashboards.supplierShare'),
                    dataIndex: 'supplierPercentage',
                    align: 'right',
                    render: percentText,
                  },
                  {
                    title: t('spendDashboards.spendAmount'),
                    dataIndex: 'spend',
                    align: 'right',
                    render: (v: number) => formatMoney(v),
                  },
                  {
                    title: t('spendDashboards.spendShare'),
                    dataIndex: 'spendPercentage',
                    align: 'right',
                    render: (v: number | null) =>
                      v === null ? (
                        <span title={t('spendDashboards.notAddressable')}>—</span>
                      ) : (
                        percentText(v)
                      ),
                  },
                ]}
              />
              <SpendBaseLine base={base} testId="spend-base-top" />
              {severalCategories(d) && (
                <Typography.Text
                  type="secondary"
                  className={css.spendBase}
                  data-testid="supplier-share-note"
                >
                  {t('spendDashboards.supplierShareNote')}
                </Typography.Text>
              )}
              {base === 'addressable' && d.some((c) => c.spendPercentage === null) && (
                <Typography.Text type="secondary" className={css.spendBase}>
                  {t('spendDashboards.notAddressableNote')}
                </Typography.Text>
              )}
            </>
          )}
        </ChartCard>
      </div>
    </div>
  );
}

/**
 * The Spend Dashboard's program categories: per switched-on category of the
 * organisation, spend to qualifying suppliers, its share of the base and the supplier count.
 * The counting rule does not change them (they count by the matched supplier), and the card says so.
 */
import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import { graphQuery } from '../api/graphs.ts';
import { PROGRAMS_PATH } from '../paths.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { SpendBaseLine } from './spend-base.tsx';
import { PROGRAMS_RULE_NOTE } from '@spotzcity/shared/verified-words';
import { RuleLine } from './rule-line.tsx';
import { DrillDownFigure } from '../../../components/drill-down.tsx';
import css from '../spend-dashboards.module.css';

export function ProgramCard({ fileIds, base }: { fileIds: number[]; base: SpendBase }) {
  const { t } = useTranslation();
  const query = useQuery(graphQuery('programSpend', fileIds, base));
  return (
    <ChartCard
      title={t('programs.card')}
      query={query}
      isEmpty={() => false}
      data-testid="chart-program-categories"
      extra={<Link to={PROGRAMS_PATH}>{t('programs.manage')}</Link>}
    >
      {(d) =>
        d.categories.length === 0 ? (
          <Typography.Paragraph type="secondary" data-testid="programs-none">
            {t('programs.none')}
          </Typography.Paragraph>
        ) : (
          <>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.categories}
              className={css.programTable}
              columns={[
                {
                  title: t('programs.category'),
                  dataIndex: 'name',
                  render: (name: string, row) => (
                    <span className={css.programTableName} title={row.rule}>
                      {name}
                    </span>
                  ),
                },
                {
                  title: t('programs.spend'),
                  dataIndex: 'spend',
                  align: 'right',
                  // The category's spend opens the suppliers and payments behind it.
                  render: (v: number, row) => (
                    <DrillDownFigure
                      target={{
                        path: '/api/drillDown/program',
                        excelPath: '/api/excel/drillDown/program',
                        body: { selectedIds: fileIds, categoryId: row.id },
                      }}
                      amount={formatMoney(v)}
                      data-testid={`program-drill-${row.id}`}
                    >
                      {formatMoney(v)}
                    </DrillDownFigure>
                  ),
                },
                {
                  title: t('programs.share'),
                  dataIndex: 'share',
                  align: 'right',
                  render: (v: number) => `${v.toFixed(2)}%`,
                },
                // On a phone the three first columns fit; the count is on wider screens.
                {
                  title: t('programs.suppliers'),
                  dataIndex: 'suppliers',
                  align: 'right',
                  responsive: ['sm'],
                },
              ]}
            />
            <SpendBaseLine base={base} testId="spend-base-programs" />
            <RuleLine text={PROGRAMS_RULE_NOTE} testId="rule-programs" />
            <Typography.Paragraph type="secondary" className="program-notes">
              {t('programs.matchedNote', {
                matched: formatMoney(d.matchedSpend),
                total: formatMoney(d.baseSpend),
              })}{' '}
              {t('programs.sbaNote', { date: d.sizeStandards.effectiveDate })}
            </Typography.Paragraph>
          </>
        )
      }
    </ChartCard>
  );
}

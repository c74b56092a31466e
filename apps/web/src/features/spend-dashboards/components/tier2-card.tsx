/**
 * Tier 2 on the Spend Dashboard: a calendar year of what prime suppliers reported —
 * direct and allocated indirect spend per diversity type — in their own columns next to Tier 1
 * (this organisation's own diverse spend in the selected files). Never added into Tier 1.
 * Tier 1 counts under the rule chosen on screen; Tier 2 as the primes reported it, as it says.
 */
import { useState } from 'react';
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '@spotzcity/shared/format';
import { TIER2_PAGE_PATH, TIER2_TITLE, tier2NoteFor } from '@spotzcity/shared/tier2-words';
import { tier2FiguresQuery } from '../api/tier2.ts';
import { Tier2FiguresTable } from '../../../components/tier2-figures-table.tsx';
import { ChartCard } from '../../../components/chart-card.tsx';
import { tier2RuleNote, type CountingRule } from '@spotzcity/shared/verified-words';
import { RuleLine } from './rule-line.tsx';
import css from '../spend-dashboards.module.css';

export function Tier2Card({ fileIds, rule }: { fileIds: number[]; rule: CountingRule | null }) {
  const [year, setYear] = useState<number | null>(null);
  const figures = useQuery({
    ...tier2FiguresQuery(fileIds, year, rule ?? undefined),
    enabled: rule !== null,
  });
  const years = figures.data?.years ?? [];
  return (
    <ChartCard
      title={`${TIER2_TITLE} next to Tier 1`}
      query={figures}
      isEmpty={(d) => d.year === null}
      data-testid="chart-tier2"
      extra={
        <span className={css.tier2CardExtra}>
          {years.length > 0 && (
            <Select
              size="small"
              aria-label="Tier 2 year"
              value={figures.data?.year ?? undefined}
              options={years.map((y) => ({ value: y, label: String(y) }))}
              onChange={(y: number) => setYear(y)}
              data-testid="tier2-year"
            />
          )}
          <Link to={TIER2_PAGE_PATH} data-testid="tier2-status-link">
            Who has reported
          </Link>
        </span>
      }
    >
      {(d) => (
        <>
          <div className={css.dashboardStats}>
            <div>
              <Typography.Text type="secondary">Tier 1 diverse spend {d.year}</Typography.Text>
              <div className={css.tier2Figure}>{formatMoney(d.tier1Diverse)}</div>
            </div>
            <div>
              <Typography.Text type="secondary">Tier 2 direct</Typography.Text>
              <div className={css.tier2Figure} data-testid="tier2-direct-total">
                {formatMoney(d.directTotal)}
              </div>
            </div>
            <div>
              <Typography.Text type="secondary">Tier 2 indirect (allocated)</Typography.Text>
              <div className={css.tier2Figure} data-testid="tier2-indirect-total">
                {formatMoney(d.indirectTotal)}
              </div>
            </div>
          </div>
          <Tier2FiguresTable rows={d.rows} tier1Title="Tier 1" />
          <Typography.Paragraph type="secondary" className={css.tier2Note}>
            {tier2NoteFor(d)}
          </Typography.Paragraph>
          {rule && <RuleLine text={tier2RuleNote(rule)} testId="rule-tier2" />}
        </>
      )}
    </ChartCard>
  );
}

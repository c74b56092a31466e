/**
 * The counting rule of the Spend Dashboard: 'As reported in the file' or 'Verified'
 * (the organisation's default first). The headline diverse spend follows the chosen rule; both
 * figures stand side by side for the diverse total and each type, with the rule's wording, and
 * the verified figure opens onto the suppliers, match rules and certificates behind it.
 */
import { lazy, Suspense } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatMoney } from '@spotzcity/shared/format';
import { COUNTING_RULE_LABELS, COUNTING_RULE_TEXT } from '@spotzcity/shared/verified-words';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import { useCountingRule } from './use-counting-rule.ts';
import { verifiedDrillTarget, verifiedFiguresQuery } from '../api/verified.ts';
import { DrillDownFigure } from '../../../components/drill-down.tsx';
import type { CountingRow } from './counting-details.tsx';
import { CountingRuleSwitch } from './counting-rule-switch.tsx';
import { SpendBaseLine } from './spend-base.tsx';
import css from '../spend-dashboards.module.css';

// The table, the note and the drill-down (antd's Table and Collapse): a chunk of their own, so
// that the headline does not wait for their code.
const CountingDetails = lazy(() =>
  import('./counting-details.tsx').then((m) => ({ default: m.CountingDetails })),
);

const percentOf = (part: number, whole: number) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(2)}%` : '0.00%';

export function CountingRuleCard({
  fileIds,
  base = 'all',
}: {
  fileIds: number[];
  /** The base of the headline's percentage; the amounts stay all spend. */
  base?: SpendBase;
}) {
  const { t } = useTranslation();
  // Asked for by the route already (../route-data.ts): this finds the answer or the request.
  const figures = useQuery(verifiedFiguresQuery(fileIds, base));
  const [rule, setChosen] = useCountingRule();
  const f = figures.data;
  const rows: CountingRow[] = f
    ? [
        {
          key: 'diverse',
          label: t('verified.diverseSpend'),
          reported: f.reportedDiverse,
          verified: f.verifiedDiverse,
        },
        ...f.perType
          .filter((p) => p.reported > 0 || p.verified > 0)
          .map((p) => ({ key: p.type, label: diversityLabel(p.type), ...p })),
      ]
    : [];
  const headline = f ? (rule === 'VERIFIED' ? f.verifiedDiverse : f.reportedDiverse) : 0;
  // The share: of all spend, or of addressable spend counting its addressable part only.
  const share =
    f?.addressable && base === 'addressable'
      ? percentOf(
          rule === 'VERIFIED' ? f.addressable.verifiedDiverse : f.addressable.reportedDiverse,
          f.addressable.totalSpend,
        )
      : f
        ? percentOf(headline, f.totalSpend)
        : '';
  return (
    <Card
      className={css.dashboardCard}
      title={t('verified.countingRule')}
      data-testid="counting-rule"
      extra={
        <CountingRuleSwitch value={rule} onChange={setChosen} data-testid="counting-rule-switch" />
      }
    >
      {/* The rule's words are there from the first paint; its figures join them when they
          arrive, in the same elements (the reader starts reading while the figures load, and
          the card does not jump). */}
      <div className={css.countingHeadline} data-testid={f ? 'counting-summary' : undefined}>
        <Typography.Text type="secondary">
          {`${t('verified.diverseSpend')} · ${COUNTING_RULE_LABELS[rule]}`}
        </Typography.Text>
        <Typography.Title
          level={3}
          style={{ margin: 0 }}
          data-testid={f ? 'counting-headline' : undefined}
        >
          {!f ? (
            <Skeleton.Input active size="small" />
          ) : rule === 'VERIFIED' ? (
            <DrillDownFigure
              target={verifiedDrillTarget(fileIds)}
              amount={formatMoney(headline)}
              data-testid="verified-drill"
            >
              {formatMoney(headline)}
            </DrillDownFigure>
          ) : (
            formatMoney(headline)
          )}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid={f ? 'counting-share' : undefined}>
          {f ? `${share} · ` : null}
          {COUNTING_RULE_TEXT[rule]}
        </Typography.Text>
        {f && <SpendBaseLine base={base} testId="spend-base-headline" />}
      </div>
      {/* A skeleton of about the details' height until they come (nothing below moves). */}
      {f ? (
        <Suspense fallback={<CountingPending />}>
          <CountingDetails fileIds={fileIds} rows={rows} rule={rule} />
        </Suspense>
      ) : (
        <CountingPending />
      )}
    </Card>
  );
}

function CountingPending() {
  return <Skeleton active paragraph={{ rows: 9 }} className={css.countingPending} />;
}

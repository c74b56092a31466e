/**
 * The counting rule of the Spend Dashboard (issue #21): 'As reported in the file' or 'Verified'
 * (the organisation's default first). The headline diverse spend follows the chosen rule; both
 * figures stand side by side for the diverse total and each type, with the rule's wording, and
 * the verified figure opens onto the suppliers, match rules and certificates behind it.
 */
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatMoney } from '@spotzcity/shared/format';
import {
  COUNTING_RULES,
  COUNTING_RULE_LABELS,
  COUNTING_RULE_TEXT,
  type CountingRule,
} from '@spotzcity/shared/verified-words';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import {
  AfterFirstScreen,
  lazyPart,
  useFirstScreenPending,
} from '../../../components/after-first-screen.tsx';
import { settingsQuery } from '../../../api/organisation-settings.ts';
import { useCountingRule } from './use-counting-rule.ts';
import { verifiedFiguresQuery } from '../api/verified.ts';
import type { CountingRow } from './counting-details.tsx';
import { SpendBaseLine } from './spend-base.tsx';
import { useShownData } from '../../../components/use-shown-data.ts';
import css from '../spend-dashboards.module.css';
import { PlainSegmented } from '../../../components/plain-segmented.tsx';
import { SkeletonInput, SkeletonParagraph } from '../../../components/plain-skeleton.tsx';
import text from '../../../components/plain-text.module.css';
import { PlainCard } from '../../../components/plain-card.tsx';

const CountingDetails = lazyPart(() =>
  import('./counting-details.tsx').then((m) => m.CountingDetails),
);

const percentOf = (part: number, whole: number) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(2)}%` : '0.00%';

export function CountingRuleCard({
  fileIds,
  base = 'all',
}: {
  fileIds: number[];
  /** The base of the headline's percentage (issue #22); the amounts stay all spend. */
  base?: SpendBase;
}) {
  const { t } = useTranslation();
  // Asked for while the first screen renders: useQuery alone asks once the render has been
  // committed, and the page's first render is an interruptible one (main.tsx) that commits the
  // shell and the page together, a few hundred milliseconds later on a phone (issue #19).
  usePrefetchQuery(verifiedFiguresQuery(fileIds, base));
  const figures = useQuery(verifiedFiguresQuery(fileIds, base));
  // The base's line joins the figures (SpendBaseLine): asked for with them, not after them.
  usePrefetchQuery(settingsQuery());
  const [rule, setChosen] = useCountingRule();
  // Drawn in an interruptible render (components/use-shown-data.ts).
  const f = useShownData(figures);
  // The card's headline is the dashboard's first screen: the rest of the page's code waits for it.
  useFirstScreenPending(f === undefined && !figures.isError);
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
    <PlainCard
      className={css.dashboardCard}
      title={t('verified.countingRule')}
      data-testid="counting-rule"
      extra={
        <PlainSegmented<CountingRule>
          value={rule}
          onChange={setChosen}
          options={COUNTING_RULES.map((r) => ({ value: r, label: COUNTING_RULE_LABELS[r] }))}
          data-testid="counting-rule-switch"
        />
      }
    >
      {/* The rule's words are there from the first paint; its figures join them when they
          arrive, in the same elements (issue #19: the reader starts reading while the figures
          load, and the card does not jump). */}
      <div className={css.countingHeadline} data-testid={f ? 'counting-summary' : undefined}>
        <span className={text.secondary}>
          {`${t('verified.diverseSpend')} · ${COUNTING_RULE_LABELS[rule]}`}
        </span>
        <h3
          className={text.title3}
          style={{ margin: 0 }}
          data-testid={f ? 'counting-headline' : undefined}
        >
          {f ? formatMoney(headline) : <SkeletonInput />}
        </h3>
        <span className={text.secondary} data-testid={f ? 'counting-share' : undefined}>
          {f ? `${share} · ` : null}
          {COUNTING_RULE_TEXT[rule]}
        </span>
        {f && <SpendBaseLine base={base} testId="spend-base-headline" />}
      </div>
      {/* The table, the note and the drill-down come once the headline has painted its figures
          (./counting-details.tsx), before the cards below; until then a skeleton of about their
          height, a new one with the figures (it does not move when the headline grows). */}
      <AfterFirstScreen
        load={CountingDetails.load}
        placeholder={<CountingPending key={f ? 'figures' : 'pending'} />}
      >
        {f ? <CountingDetails fileIds={fileIds} rows={rows} rule={rule} /> : <CountingPending />}
      </AfterFirstScreen>
    </PlainCard>
  );
}

function CountingPending() {
  return <SkeletonParagraph rows={9} className={css.countingPending} />;
}

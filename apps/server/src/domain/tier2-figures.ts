/**
 * Tier 2 next to Tier 1, shared by the Tier 2 module's page and the Spend
 * Dashboard's card and exports: a calendar year of what an organisation's prime suppliers
 * reported, per diversity type, in columns of its own beside Tier 1.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DIVERSE_TYPES } from '@spotzcity/shared/diversity';
import type { Tier2Figures } from '@spotzcity/shared/tier2';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import {
  spendRollupMonths,
  tier2Primes,
  tier2ReportLines,
  tier2Reports,
} from '../db/schema/index.ts';
import { inScope } from '../platform/sql.ts';
import type { CountingRule } from '@spotzcity/shared/verified-diversity';
import { verifiedGroups } from './verified-groups.ts';
import { refreshVerifiedRollups } from './verified-rollups.ts';

/** Report lines `l` of reports `r` of primes `p`; `tier2Amounts` assumes `l` and `r`. */
const l = alias(tier2ReportLines, 'l');
const r = alias(tier2Reports, 'r');
const p = alias(tier2Primes, 'p');
const months = alias(spendRollupMonths, 'r');

/**
 * Tier 2 direct and indirect amounts over report lines `l` joined to their reports `r`: DIRECT
 * lines as reported, PRIME_DIVERSE lines allocated by the buyer's share of the prime's revenue,
 * rounded per line as the report shows them.
 */
export const tier2Amounts = sql`
  coalesce(sum(${l.amount}) filter (where ${l.kind} = 'DIRECT'), 0)::text as direct,
  coalesce(sum(round(${l.amount} * ${r.buyerRevenue} / ${r.totalRevenue}, 2))
    filter (where ${l.kind} = 'PRIME_DIVERSE'), 0)::text as indirect`;

/** A row of `tier2Amounts`. */
export const tier2AmountsRow = z.object({ direct: z.string(), indirect: z.string() });

/**
 * The lines `l` of a buyer's primes' reports `r` (primes `p`) for a calendar year: only links the
 * prime accepted count.
 */
const buyerYearLines = (clientRef: number, year: number) => sql`
  from ${tier2ReportLines} ${l}
  join ${tier2Reports} ${r} on ${r.id} = ${l.reportRef}
  join ${tier2Primes} ${p} on ${p.id} = ${r.primeRef}
  where ${p.buyerClientRef} = ${clientRef} and ${p.status} = 'ACCEPTED' and ${r.year} = ${year}`;

/**
 * A calendar year of Tier 2 (the latest year any prime reported unless asked) next to the
 * buyer's own diverse spend that year in the selected files (every file when none): per
 * diversity type Tier 1, Tier 2 direct and Tier 2 indirect, and per prime. Three separate
 * columns; no figure is ever the sum of Tier 1 and Tier 2.
 */
export async function tier2Figures(
  db: DbOrTx,
  clientRef: number,
  input: {
    year?: number | undefined;
    selectedIds: number[];
    /** The counting rule of Tier 1; as reported in the file without it. Tier 2 is as reported. */
    countingRule?: CountingRule | undefined;
  },
): Promise<Tier2Figures> {
  const years = rowsOf(
    await db.execute(sql`
      select distinct ${r.year} from ${tier2Reports} ${r}
      join ${tier2Primes} ${p} on ${p.id} = ${r.primeRef}
      where ${p.buyerClientRef} = ${clientRef} and ${p.status} = 'ACCEPTED'
      order by ${r.year} desc
    `),
    z.object({ year: z.number() }),
  ).map((r) => Number(r.year));
  const year = input.year ?? years[0] ?? null;
  // Invited: asked and not declined (a request not answered yet is still an invitation).
  const primesInvited = await db.$count(
    tier2Primes,
    and(eq(tier2Primes.buyerClientRef, clientRef), ne(tier2Primes.status, 'DECLINED')),
  );
  if (year === null) {
    return {
      year,
      years,
      rows: [],
      tier1Diverse: '0.00',
      directTotal: '0.00',
      indirectTotal: '0.00',
      primes: [],
      primesInvited,
    };
  }
  const files = inScope(
    { clientRef, selectedIds: input.selectedIds },
    months.clientRef,
    months.fileId,
  );
  // Tier 1 under the verified rule reads the verified rollups by month, in the same shape.
  const verified = input.countingRule === 'VERIFIED';
  if (verified) await refreshVerifiedRollups(db, clientRef);
  const groups = verified ? verifiedGroups('month') : sql`${spendRollupMonths} ${months}`;
  const inYear = sql`${months.month} >= make_date(${year}::int, 1, 1)
    and ${months.month} < make_date(${year}::int + 1, 1, 1)`;
  const tier1 = rowsOf(
    await db.execute(sql`
      select t.type as diversity, coalesce(sum(${months.spend}), 0)::text as spend
      from unnest(${sql.param([...DIVERSE_TYPES])}::text[]) as t(type)
      left join ${groups} on t.type = any(${months.diversity})
        and ${files}
        and ${inYear}
      group by t.type
    `),
    z.object({ diversity: z.string(), spend: z.string() }),
  );
  const [tier1Total] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(${months.spend}), 0)::text as diverse
      from ${groups}
      where ${files} and ${months.isDiverse}
        and ${inYear}
    `),
    z.object({ diverse: z.string() }),
  );
  const byType = await db.execute(sql`
      select ${l.diversityType} as diversity, ${tier2Amounts}
      ${buyerYearLines(clientRef, year)}
      group by ${l.diversityType}
    `);
  const byPrime = await db.execute(sql`
      select ${p.id}, ${p.companyName},
        (select count(*)::int from ${tier2Reports} ${r}
          where ${r.primeRef} = ${p.id} and ${r.year} = ${year}) as quarters_reported,
        coalesce((select sum(${l.amount}) from ${tier2ReportLines} ${l} join ${tier2Reports} ${r}
          on ${r.id} = ${l.reportRef} where ${r.primeRef} = ${p.id} and ${r.year} = ${year}
          and ${l.kind} = 'DIRECT'), 0)::text as direct,
        coalesce((select sum(round(${l.amount} * ${r.buyerRevenue} / ${r.totalRevenue}, 2))
          from ${tier2ReportLines} ${l} join ${tier2Reports} ${r} on ${r.id} = ${l.reportRef}
          where ${r.primeRef} = ${p.id} and ${r.year} = ${year} and ${l.kind} = 'PRIME_DIVERSE'), 0)::text
          as indirect
      from ${tier2Primes} ${p} where ${p.buyerClientRef} = ${clientRef} and ${p.status} = 'ACCEPTED'
      order by ${p.companyName}, ${p.id}
    `);
  const tier2ByType = new Map(
    rowsOf(byType, tier2AmountsRow.extend({ diversity: z.string() })).map((r) => [r.diversity, r]),
  );
  const tier1ByType = new Map(tier1.map((r) => [r.diversity, r.spend]));
  const rows = DIVERSE_TYPES.map((t) => ({
    diversity: t,
    tier1: tier1ByType.get(t) ?? '0',
    direct: tier2ByType.get(t)?.direct ?? '0',
    indirect: tier2ByType.get(t)?.indirect ?? '0',
  })).filter((r) => Number(r.tier1) !== 0 || Number(r.direct) !== 0 || Number(r.indirect) !== 0);
  const [totals] = rowsOf(
    await db.execute(sql`select ${tier2Amounts} ${buyerYearLines(clientRef, year)}`),
    tier2AmountsRow,
  );
  return {
    year,
    years,
    rows,
    tier1Diverse: tier1Total?.diverse ?? '0',
    directTotal: totals?.direct ?? '0',
    indirectTotal: totals?.indirect ?? '0',
    primes: rowsOf(
      byPrime,
      tier2AmountsRow.extend({
        id: z.number(),
        company_name: z.string(),
        quarters_reported: z.number(),
      }),
    ).map((p) => ({
      id: Number(p.id),
      companyName: p.company_name,
      quartersReported: Number(p.quarters_reported),
      direct: p.direct,
      indirect: p.indirect,
    })),
    primesInvited,
  };
}

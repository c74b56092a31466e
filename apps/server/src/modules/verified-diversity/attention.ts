/**
 * Verified diversity's parts of the home page's "Needs attention": certificates that carry spend
 * and lapsed or expire soon, and vendors without a certain match — both only for whoever may read
 * certificates (null otherwise).
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ACCESS, mayAccess } from '@spotzcity/shared/permissions';
import { rowsOf } from '../../db/client.ts';
import { spendRollups, vendorMatches } from '../../db/schema/index.ts';
import {
  certain,
  getPolicy,
  qualifiesSql,
  visibleCertificates,
} from '../../domain/verified-rule.ts';
import type { AttentionPart } from '../../platform/attention.ts';
import { toNumber } from '../../platform/sql.ts';
import { matchRate } from './figures.ts';

const r = alias(spendRollups, 'r');
const m = alias(vendorMatches, 'm');

/**
 * For each supplier paid in the last 12 months through a certain match, and each diversity type,
 * the latest expiry among its certificates the policy accepts (as they stood on that day): past
 * the policy's grace it has lapsed; within the policy's window it is expiring. Counted with the
 * suppliers' spend of those 12 months.
 */
export const certificatesAtRisk: AttentionPart<'certificates'> = async (
  db,
  { clientRef, permissions, today },
) => {
  if (!mayAccess(permissions, ACCESS.supplierAndSpend.verifiedRead)) return null;
  const policy = await getPolicy(db, clientRef);
  const [row] = rowsOf(
    await db.execute(sql`
      with paid as (
        select ${m.supplierRef} as supplier_ref, sum(${r.spend}) as spend
        from ${spendRollups} ${r}
        join ${vendorMatches} ${m}
          on ${m.clientRef} = ${r.clientRef} and ${m.supplierKey} = ${r.supplierKey}
        where ${r.clientRef} = ${clientRef} and ${certain}
          and ${r.month} >= date_trunc('month', ${today}::date - interval '11 months')::date
        group by ${m.supplierRef}
      ),
      latest as (
        select c.supplier_ref, c.diversity_type, max(c.expiry_date) as expiry
        from ${visibleCertificates(clientRef)} c
        join paid p on p.supplier_ref = c.supplier_ref
        where ${qualifiesSql(policy, sql`c.expiry_date`)}
        group by c.supplier_ref, c.diversity_type
      ),
      states as (
        select supplier_ref,
          case
            when (expiry + ${policy.graceMonths} * interval '1 month')::date < ${today}::date
              then 'LAPSED'
            when expiry - ${today}::date <= ${policy.expiringWindowDays} then 'EXPIRING'
          end as state
        from latest
      )
      select
        count(*) filter (where state = 'EXPIRING')::int as expiring,
        count(*) filter (where state = 'LAPSED')::int as lapsed,
        count(distinct supplier_ref) filter (where state is not null)::int as suppliers,
        (select coalesce(sum(spend), 0) from paid
          where supplier_ref in (select supplier_ref from states where state is not null))::text
          as spend
      from states
    `),
    z.object({
      expiring: z.number(),
      lapsed: z.number(),
      suppliers: z.number(),
      spend: z.string(),
    }),
  );
  return { ...row!, spend: toNumber(row!.spend) };
};

/** Vendors of every file without a certain directory match, and their spend. */
export const unmatchedVendors: AttentionPart<'matching'> = async (
  db,
  { clientRef, permissions },
) => {
  if (!mayAccess(permissions, ACCESS.supplierAndSpend.verifiedRead)) return null;
  const rate = await matchRate(db, { clientRef, selectedIds: [] });
  return {
    vendors: rate.vendors,
    unmatchedVendors: rate.vendors - rate.matchedVendors,
    unmatchedSpend: Math.round((rate.spend - rate.matchedSpend) * 100) / 100,
  };
};

/**
 * The verified rollups (verified-rollups.ts) read as a figure reads the spend rollups, so that one
 * query serves both counting rules: the same columns under the same alias `r` — `client_ref`,
 * `file_id`, `category`, `spend`, (`month`), `is_diverse` when some type is verified, and
 * `diversity`, the verified types or NON_DIVERSE when none (as a file's row that names no type).
 * Every payment is in exactly one group, so totals are the same under either rule; only what
 * counts as diverse, and for which type, changes.
 *
 *   const from = rule === 'VERIFIED' ? verifiedGroups('month') : sql`${spendRollupMonths} ${r}`;
 *
 * The rollups must be brought up to date first: `await refreshVerifiedRollups(db, clientRef)`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NON_DIVERSE } from '@spotzcity/shared/diversity';
import { verifiedRollupSuppliers, verifiedRollups } from '../db/schema/index.ts';
import { bare } from '../platform/sql.ts';

/**
 * `month`: per month, vendor and category (verified_rollups); `file`: per vendor and category
 * over the file (verified_rollup_suppliers, no month).
 */
export type VerifiedGrain = 'month' | 'file';

export function verifiedGroups(grain: VerifiedGrain): SQL {
  const v = grain === 'month' ? verifiedRollups : verifiedRollupSuppliers;
  const verified = sql`cardinality(${bare(v.types)}) > 0`;
  const month = grain === 'month' ? sql`${bare(verifiedRollups.month)}, ` : sql``;
  return sql`(
    select ${bare(v.clientRef)}, ${bare(v.fileId)}, ${month}${bare(v.category)}, ${bare(v.spend)},
      ${verified} as is_diverse,
      case when ${verified} then ${bare(v.types)} else array[${NON_DIVERSE}]::text[] end as diversity
    from ${v}
  ) r`;
}

/** Tier 2's part of the home page's "Needs attention": primes with a report overdue. */
import type { AttentionPart } from '../../platform/attention.ts';
import { listPrimes } from './service.ts';

/** Counted from the buyer's status list, as the Tier 2 page shows it. */
export const overduePrimes: AttentionPart<'tier2'> = async (db, { clientRef, today }) => {
  const primes = await listPrimes(db, clientRef, today);
  return {
    primes: primes.filter((p) => p.status === 'ACCEPTED').length,
    overduePrimes: primes.filter((p) => p.quarters.some((q) => q.status === 'OVERDUE')).length,
  };
};

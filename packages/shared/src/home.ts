/**
 * The home page's "Needs attention" (DESIGN.md §6 leaves the home page to us): what a buyer's
 * manager should look at today, each part a count with the screen that resolves it.
 */
import { z } from 'zod';
import { goalHeadlineSchema } from './goals.ts';
import { COUNTING_RULES } from './verified-diversity.ts';

export const homeAttentionSchema = z.object({
  /** The current fiscal year's overall goal under the organisation's counting rule and base. */
  goal: goalHeadlineSchema.extend({ countingRule: z.enum(COUNTING_RULES) }),
  /**
   * Certificates of suppliers paid in the last 12 months (certain matches), one per supplier and
   * diversity type, by its latest expiry: past its grace (lapsed) or within the policy's window.
   * Null when the user may not read certificates.
   */
  certificates: z
    .object({
      expiring: z.number().int(),
      lapsed: z.number().int(),
      suppliers: z.number().int(),
      /** Their suppliers' spend in the last 12 months, in dollars. */
      spend: z.number(),
    })
    .nullable(),
  /** Vendors without a certain directory match, and their spend (every file). */
  matching: z
    .object({
      vendors: z.number().int(),
      unmatchedVendors: z.number().int(),
      unmatchedSpend: z.number(),
    })
    .nullable(),
  /** Accepted primes with a quarter past its due date and not reported. */
  tier2: z.object({ overduePrimes: z.number().int(), primes: z.number().int() }),
  /** Spend imports waiting for a decision (held) or failed since the last import that worked. */
  imports: z.object({ held: z.number().int(), failed: z.number().int() }),
});
export type HomeAttention = z.infer<typeof homeAttentionSchema>;

/**
 * The screen that resolves each part of "Needs attention": the home page's links, and the links
 * of the mails that tell of the same things (the certificate expiry digest).
 */
export const ATTENTION_LINKS = {
  home: '/home',
  /** The year's goals against the figures. */
  goalDashboard: (fiscalYear: number) => `/home/supplierSpend/report/goals?year=${fiscalYear}`,
  /** Where a goal is set, when the year has none. */
  goalSettings: '/home/supplierSpend/goals',
  certificates: '/home/verified/certificates',
  matching: '/home/verified/matching',
  tier2: '/home/tier2',
  imports: '/home/supplierSpend',
} as const;

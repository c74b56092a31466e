/**
 * The demo organisation's Tier 2: two prime suppliers, each a supplier organisation
 * with a user who can sign in, reporting the last quarters — one of them has not yet reported
 * the latest ended quarter, so the status list shows every state on first start.
 */
import {
  quarterIndex,
  quarterOf,
  quarterOfIndex,
  type Tier2Breakdown,
} from '@spotzcity/shared/tier2';
import type { DbOrTx } from '../client.ts';
import {
  clients,
  tier2Primes,
  tier2ReportLines,
  tier2ReportVersions,
  tier2Reports,
  users,
} from '../schema/index.ts';

export const DEMO_PRIMES = [
  {
    clientId: 'GREAT-LAKES-BUILDERS',
    companyName: 'Great Lakes Builders',
    contact: { name: 'Morgan Hayes', email: 'prime@greatlakes.example' },
    breakdown: 'PROJECT' as Tier2Breakdown,
    segments: ['Plant 4 expansion', 'Warehouse re-roofing', 'Dock 2 paving'],
    /** Quarterly revenue, and the share of it from Acme. */
    revenue: 18_400_000,
    share: 0.235,
    direct: [
      ['MBE', 'Plant 4 expansion', 96_500],
      ['WBE', 'Plant 4 expansion', 41_200],
      ['SDVBE', 'Warehouse re-roofing', 27_800],
    ] as const,
    diverse: [
      ['MBE', 1_150_000],
      ['WBE', 640_000],
      ['VBE', 210_000],
      ['SDVBE', 120_000],
    ] as const,
    reportsLatest: true,
  },
  {
    clientId: 'SUMMIT-FACILITY-SERVICES',
    companyName: 'Summit Facility Services',
    contact: { name: 'Riley Chen', email: 'prime@summitfs.example' },
    breakdown: 'NONE' as Tier2Breakdown,
    segments: [] as string[],
    revenue: 6_200_000,
    share: 0.41,
    direct: [
      ['WBE', '', 58_300],
      ['HUB', '', 22_900],
    ] as const,
    diverse: [
      ['WBE', 385_000],
      ['HUB', 140_000],
      ['LGBTBE', 36_500],
    ] as const,
    reportsLatest: false,
  },
];

/** Four quarters of reports up to the last ended quarter; amounts vary a little per quarter. */
export async function seedTier2(
  tx: DbOrTx,
  buyerRef: number,
  adminId: number,
  passwordHash: string,
  today: Date,
) {
  const current = quarterIndex(quarterOf(today.toISOString().slice(0, 10)));
  const first = quarterOfIndex(current - 4);
  for (const demo of DEMO_PRIMES) {
    const [org] = await tx
      .insert(clients)
      .values({
        clientId: demo.clientId,
        name: demo.contact.name,
        email: demo.contact.email,
        companyName: demo.companyName,
        type: 'SUPPLIER',
      })
      .returning();
    if (!org) throw new Error('demo prime not created');
    const [user] = await tx
      .insert(users)
      .values({
        clientRef: org.id,
        ...demo.contact,
        passwordHash,
        roleCode: 'ROLE_SUPPLIER',
      })
      .returning();
    const [prime] = await tx
      .insert(tier2Primes)
      .values({
        buyerClientRef: buyerRef,
        primeClientRef: org.id,
        companyName: demo.companyName,
        contactName: demo.contact.name,
        contactEmail: demo.contact.email,
        breakdown: demo.breakdown,
        segments: demo.segments,
        firstYear: first.year,
        firstQuarter: first.quarter,
        invitedBy: adminId,
        // The demo's primes report already: their organisations accepted long ago.
        status: 'ACCEPTED',
      })
      .returning();
    if (!prime || !user) throw new Error('demo prime not created');
    const lastReported = demo.reportsLatest ? current - 1 : current - 2;
    for (let i = current - 4; i <= lastReported; i += 1) {
      const q = quarterOfIndex(i);
      const factor = 1 + ((i % 4) - 1.5) * 0.06;
      const revenue = Math.round(demo.revenue * factor);
      const [report] = await tx
        .insert(tier2Reports)
        .values({
          primeRef: prime.id,
          year: q.year,
          quarter: q.quarter,
          totalRevenue: revenue.toFixed(2),
          buyerRevenue: Math.round(revenue * demo.share).toFixed(2),
          source: i % 2 === 0 ? 'UPLOAD' : 'FORM',
          submittedBy: user.id,
          submittedAt: new Date(Date.UTC(q.year, q.quarter * 3, 18, 15)),
        })
        .returning();
      if (!report) throw new Error('demo report not created');
      if (i === lastReported && demo.reportsLatest) {
        // The latest quarter was first sent with last year's revenue split, then corrected:
        // its earlier version shows in the report's history.
        await tx.insert(tier2ReportVersions).values({
          reportRef: report.id,
          totalRevenue: revenue.toFixed(2),
          buyerRevenue: Math.round(revenue * (demo.share + 0.02)).toFixed(2),
          source: 'FORM',
          submittedBy: user.id,
          submittedAt: new Date(Date.UTC(q.year, q.quarter * 3, 11, 9)),
          replacedAt: new Date(Date.UTC(q.year, q.quarter * 3, 18, 15)),
          lines: [
            ...demo.direct.map(([type, segment, amount]) => ({
              kind: 'DIRECT',
              diversity: type,
              segment,
              amount: (amount * factor * 0.9).toFixed(2),
            })),
            ...demo.diverse.map(([type, amount]) => ({
              kind: 'PRIME_DIVERSE',
              diversity: type,
              segment: '',
              amount: (amount * factor).toFixed(2),
            })),
          ],
        });
      }
      await tx.insert(tier2ReportLines).values([
        ...demo.direct.map(([type, segment, amount]) => ({
          reportRef: report.id,
          kind: 'DIRECT' as const,
          diversityType: type,
          segment,
          amount: (amount * factor).toFixed(2),
        })),
        ...demo.diverse.map(([type, amount]) => ({
          reportRef: report.id,
          kind: 'PRIME_DIVERSE' as const,
          diversityType: type,
          segment: '',
          amount: (amount * factor).toFixed(2),
        })),
      ]);
    }
  }
}

/**
 * The demo organisation's settings and goals: a calendar fiscal year, telecoms
 * marked non-addressable (like utilities), and diverse-spend goals for last year and this year
 * that the generated spend partly meets, so the Goals Dashboard shows every status.
 */
import type { DbOrTx } from '../client.ts';
import { organisationSettings, spendGoals } from '../schema/index.ts';

export const DEMO_NON_ADDRESSABLE = ['Telecommunications'];

export async function seedGoals(tx: DbOrTx, clientRef: number, adminId: number, today: Date) {
  await tx.insert(organisationSettings).values({
    clientRef,
    fiscalYearStartMonth: 1,
    nonAddressableCategories: DEMO_NON_ADDRESSABLE,
    updatedBy: adminId,
  });
  const year = today.getFullYear();
  const goals = (
    fiscalYear: number,
    overall: number,
    types: [string, number][],
    categories: [string, number][],
  ) => [
    { fiscalYear, scope: 'OVERALL' as const, name: '', target: overall.toFixed(2) },
    ...types.map(([name, target]) => ({
      fiscalYear,
      scope: 'DIVERSITY' as const,
      name,
      target: target.toFixed(2),
    })),
    ...categories.map(([name, target]) => ({
      fiscalYear,
      scope: 'CATEGORY' as const,
      name,
      target: target.toFixed(2),
    })),
  ];
  const rows = [
    ...goals(
      year - 1,
      20,
      [
        ['MBE', 8],
        ['WBE', 6],
      ],
      [['IT Services', 20]],
    ),
    ...goals(
      year,
      30,
      [
        ['MBE', 10],
        ['WBE', 8],
        ['VBE', 3],
      ],
      [
        ['IT Services', 25],
        ['Professional Services', 20],
        ['Facilities Maintenance', 15],
      ],
    ),
  ];
  await tx.insert(spendGoals).values(rows.map((r) => ({ ...r, clientRef, updatedBy: adminId })));
}

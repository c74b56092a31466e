/**
 * A small spend fixture for the dashboard tests, and the figures it must give, worked out by plain
 * code over the rows (integer cents, no SQL) — never by the code under test.
 */
import { DIVERSITY_TYPES, US_STATES } from '@spotzcity/shared/enums';
import { supplierKey } from '@spotzcity/shared/suppliers';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../../../test/factories.ts';
import type { Db } from '../../db/client.ts';
import { spendFiles, spendRows } from '../../db/schema/index.ts';
import { buildSpendRollup } from '../../domain/spend-rollups.ts';
import { buildVerifiedRollup } from '../../domain/verified-rollups.ts';

export interface FixtureRow {
  /** Who the supplier is, as a buyer would tell: same label = same supplier. */
  supplier: string;
  name: string;
  duns: string | null;
  cents: number;
  diversity: string[];
  state: string | null;
  category: string;
  date: string;
}

const row = (
  supplier: string,
  name: string,
  duns: string | null,
  cents: number,
  diversity: string[],
  state: string | null,
  category: string,
  date: string,
): FixtureRow => ({ supplier, name, duns, cents, diversity, state, category, date });

export const FORMULA_NAME = '=HYPERLINK("http://evil.example","x")';
export const FORMULA_CATEGORY = '=SUM(A1:A9)';

/** File 1 of the organisation: payments from 2023-01 to 2025-03-15, with gaps. */
export const FILE_ONE: FixtureRow[] = [
  row(
    'acme',
    'Acme Supplies',
    '123456789',
    100010,
    ['MBE', 'WBE'],
    'CA',
    'IT Services',
    '2024-04-01',
  ),
  row(
    'acme',
    'ACME SUPPLIES LLC',
    '123-456-789',
    25005,
    ['MBE', 'WBE'],
    'CA',
    'IT Services',
    '2025-03-15',
  ),
  row('beta', 'Beta Co', null, 33333, ['NON_DIVERSE'], 'TX', 'Facilities', '2024-03-31'),
  row('beta', 'BETA CO.', null, 6667, ['NON_DIVERSE'], 'TX', 'Facilities', '2025-03-01'),
  row('gamma', 'Gamma LLC', '987654321', 1, ['VBE'], 'NY', 'Facilities', '2024-11-30'),
  row('gamma', 'Gamma', '987654321', 9999, ['VBE'], 'ny', FORMULA_CATEGORY, '2025-02-10'),
  row('delta', 'Delta', null, 1234567, ['NON_DIVERSE'], 'CA', 'Logistics', '2024-12-01'),
  row('formula', FORMULA_NAME, null, 1000, ['SBE'], 'Ontario', 'Logistics', '2023-01-15'),
  row('epsilon', 'Epsilon', '111222333', 7, ['HUB', '8A'], 'TX', 'IT Services', '2025-01-01'),
];

/** File 2 of the same organisation. */
export const FILE_TWO: FixtureRow[] = [
  row(
    'acme',
    'Acme Supplies',
    '123456789',
    50050,
    ['MBE', 'WBE'],
    'CA',
    'IT Services',
    '2024-06-15',
  ),
  row('zeta', 'Zeta', null, 12345, ['WBE'], 'Texas', 'Logistics', '2024-07-04'),
];

/** Another organisation's file: must never be counted for the first one. */
export const OTHER_ORG: FixtureRow[] = [
  row('other', 'Other', '555555555', 9999999, ['MBE'], 'CA', 'IT Services', '2025-06-01'),
];

/* ---------- expected figures, by plain code ---------- */

const dollars = (cents: number) => cents / 100;
/** round(100 × part / whole, 2), half up, in exact integers. */
const pct = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.floor((20000 * part + whole) / (2 * whole)) / 100;
const isDiverse = (r: FixtureRow) => r.diversity.some((d) => d !== 'NON_DIVERSE');
const sum = (rows: FixtureRow[]) => rows.reduce((s, r) => s + r.cents, 0);
const distinct = (rows: FixtureRow[]) => new Set(rows.map((r) => r.supplier)).size;
const month = (r: FixtureRow) => r.date.slice(0, 7);

function lastTwelveMonths(rows: FixtureRow[]) {
  const last =
    rows
      .map((r) => r.date)
      .sort()
      .at(-1) ?? '';
  const months: string[] = [];
  if (!last) return months;
  let y = Number(last.slice(0, 4));
  let m = Number(last.slice(5, 7));
  for (let i = 0; i < 12; i++) {
    months.unshift(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return months;
}

const STATE_CODES = new Map<string, string>(
  US_STATES.flatMap(([code, name]) => [
    [code, code],
    [name.toUpperCase(), code],
  ]),
);
const STATE_NAMES = new Map<string, string>(US_STATES.map(([code, name]) => [code, name]));

export function expectedFigures(rows: FixtureRow[]) {
  const total = sum(rows);
  const diverse = rows.filter(isDiverse);
  const types = [...new Set(rows.flatMap((r) => r.diversity))];
  // In the enum's order, as the dashboard lists them.
  const order: readonly string[] = DIVERSITY_TYPES;
  types.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const ofType = (t: string) => rows.filter((r) => r.diversity.includes(t));

  const months = lastTwelveMonths(rows);
  const window = rows.filter((r) => months.includes(month(r)));
  const series = (subset: FixtureRow[]) => ({
    values: months.map((m) => dollars(sum(subset.filter((r) => month(r) === m)))),
    total: dollars(sum(subset)),
  });

  const years = [...new Set(rows.map((r) => Number(r.date.slice(0, 4))))].sort();
  const categories = [...new Set(rows.map((r) => r.category))];
  const inCategory = (c: string) => rows.filter((r) => r.category === c);
  categories.sort((a, b) => sum(inCategory(b)) - sum(inCategory(a)) || a.localeCompare(b));
  const shares = categories.map((c) => ({
    category: c,
    spend: dollars(sum(inCategory(c))),
    percentage: pct(sum(inCategory(c)), total),
  }));

  const quarterIndex = (r: FixtureRow) =>
    Number(r.date.slice(0, 4)) * 4 + Math.floor((Number(r.date.slice(5, 7)) - 1) / 3);
  const qs = rows.map(quarterIndex);
  const monthIndex = (r: FixtureRow) =>
    Number(r.date.slice(0, 4)) * 12 + Number(r.date.slice(5, 7)) - 1;
  const firstMonth = Math.min(...rows.map(monthIndex));
  const lastMonth = Math.max(...rows.map(monthIndex));
  const quarters = [];
  for (let q = Math.min(...qs); q <= Math.max(...qs); q++) {
    const label = `Q${(q % 4) + 1} ${Math.floor(q / 4)}`;
    let covered = 0;
    for (let m = q * 3; m < q * 3 + 3; m++) if (m >= firstMonth && m <= lastMonth) covered += 1;
    quarters.push({
      year: Math.floor(q / 4),
      quarter: `Q${(q % 4) + 1}`,
      label,
      diverseSuppliers: distinct(diverse.filter((r) => quarterIndex(r) === q)),
      months: covered,
      partial: covered < 3,
    });
  }

  const stateOf = (r: FixtureRow) => STATE_CODES.get((r.state ?? '').trim().toUpperCase());
  const states = [...new Set(diverse.map(stateOf).filter((s): s is string => !!s))];
  const inState = (s: string) => diverse.filter((r) => stateOf(r) === s);
  states.sort((a, b) => sum(inState(b)) - sum(inState(a)) || a.localeCompare(b));

  return {
    spendPerDiversity: {
      totalSpend: dollars(total),
      diverseSpend: dollars(sum(diverse)),
      nonDiverseSpend: dollars(total - sum(diverse)),
      types: types.map((t) => ({
        diversity: t,
        spend: dollars(sum(ofType(t))),
        percentage: pct(sum(ofType(t)), total),
      })),
    },
    spendPerDiversityMom: {
      months,
      series: types
        .filter((t) => window.some((r) => r.diversity.includes(t)))
        .map((t) => ({ diversity: t, ...series(window.filter((r) => r.diversity.includes(t))) })),
      diverse: series(window.filter(isDiverse)),
      nonDiverse: series(window.filter((r) => !isDiverse(r))),
    },
    spendDiversityOverNonDiversity: years.map((year) => {
      const inYear = rows.filter((r) => Number(r.date.slice(0, 4)) === year);
      const d = sum(inYear.filter(isDiverse));
      return {
        year,
        diverse: dollars(d),
        nonDiverse: dollars(sum(inYear) - d),
        total: dollars(sum(inYear)),
        diversePercentage: pct(d, sum(inYear)),
      };
    }),
    categoryPerDiversity: categories.map((c) => ({
      category: c,
      diverse: dollars(sum(inCategory(c).filter(isDiverse))),
      nonDiverse: dollars(sum(inCategory(c).filter((r) => !isDiverse(r)))),
      total: dollars(sum(inCategory(c))),
    })),
    categoryPercentage: {
      categories: shares,
      max: shares[0] ?? null,
      min: shares.find((s) => s.spend === shares.at(-1)?.spend) ?? null,
    },
    topCategoriesStatatics: categories.map((c) => ({
      category: c,
      supplierCount: distinct(inCategory(c)),
      supplierPercentage: pct(distinct(inCategory(c)), distinct(rows)),
      spend: dollars(sum(inCategory(c))),
      spendPercentage: pct(sum(inCategory(c)), total),
    })),
    supplierCount: {
      totalSuppliers: distinct(rows),
      diverseSuppliers: distinct(diverse),
      months: months.map((m) => ({
        month: m,
        diverseSuppliers: distinct(diverse.filter((r) => month(r) === m)),
      })),
    },
    supplierDataPerQuater: quarters,
    supplierLocationData: states.map((s) => ({
      state: s,
      stateName: STATE_NAMES.get(s) ?? s,
      diverseSuppliers: distinct(inState(s)),
      diverseSpend: dollars(sum(inState(s))),
    })),
  };
}

/** Inserts fixture rows as one spend file of the organisation, with its rollup (as the import). */
export async function insertFixtureFile(
  db: Db,
  clientRef: number,
  name: string,
  rows: FixtureRow[],
) {
  const [file] = await db
    .insert(spendFiles)
    .values({ clientRef, fileName: name, rowCount: rows.length })
    .returning();
  await db.insert(spendRows).values(
    rows.map((r, i) => ({
      clientRef,
      fileId: file!.id,
      lineNumber: i + 2,
      vendorName: r.name,
      duns: r.duns,
      supplierKey: supplierKey(r.duns, r.name),
      spend: (r.cents / 100).toFixed(2),
      state: r.state,
      diversity: r.diversity,
      isDiverse: r.diversity.some((d) => d !== 'NON_DIVERSE'),
      paymentDate: r.date,
      category: r.category,
    })),
  );
  // As the import does after inserting a file's rows: the dashboards read the rollup.
  await buildSpendRollup(db, clientRef, file!.id);
  await buildVerifiedRollup(db, clientRef, file!.id);
  return file!.id;
}

/**
 * The dashboard tests' organisations: a buyer (a Buyer User) with FILE_ONE and FILE_TWO, another
 * buyer organisation (its Buyer Admin) with OTHER_ORG, and a supplier's token.
 */
export async function fixtureOrganisations(app: FastifyInstance, db: Db) {
  const a = await signedInUser(app, db, 'ROLE_BUYER_USER');
  const b = await signedInUser(app, db, 'ROLE_BUYER_ADMIN');
  const supplierToken = (await signedInUser(app, db, 'ROLE_SUPPLIER')).token;
  const buyer = { token: a.token, orgId: a.org.id };
  const other = { token: b.token, orgId: b.org.id };
  return {
    buyer,
    other,
    supplierToken,
    fileOne: await insertFixtureFile(db, buyer.orgId, 'spend-one.xlsx', FILE_ONE),
    fileTwo: await insertFixtureFile(db, buyer.orgId, 'spend-two.xlsx', FILE_TWO),
    otherFile: await insertFixtureFile(db, other.orgId, 'other.xlsx', OTHER_ORG),
  };
}

export type FixtureOrganisations = Awaited<ReturnType<typeof fixtureOrganisations>>;

/** Every graph endpoint of the three dashboards (`POST /api/graph/<name>`), the spec's spelling. */
export const GRAPHS = [
  'spendPerDiversity',
  'spendPerDiversityMom',
  'spendDiversityOverNonDiversity',
  'categoryPerDiversity',
  'categoryPercentage',
  'topCategoriesStatatics',
  'supplierCount',
  'supplierDataPerQuater',
  'supplierLocationData',
] as const;

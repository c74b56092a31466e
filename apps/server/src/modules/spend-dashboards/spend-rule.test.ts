/**
 * The counting rule on every figure of the Spend Dashboard: `?rule=verified` counts the graphs of
 * diverse spend (per type, month over month, per year), Tier 1 beside Tier 2, and the exports'
 * charts and sheets under the verified rule. Expected figures are worked out here by plain code
 * over the fixture's payments and certificates (integer cents), never by the code under test.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import { createOrg, signedInUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { keepReport, pdfPages } from '../../../test/reports.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { certify, directorySuppliers, importMatched, putPolicy } from '../../../test/verified.ts';
import { tier2Primes, tier2ReportLines, tier2Reports } from '../../db/schema/index.ts';

let t: TestApp;
let token: string;
let otherToken: string;
/** Directory supplier ids by DUNS. */
let ids: Record<string, number>;

const HEADER = ['Vendor Name', 'DUNS', 'Spend', 'Payment Date', 'Diversity Category', 'Category'];
interface Payment {
  vendor: string;
  duns: string | null;
  cents: number;
  date: string;
  diversity: string;
  category: string;
}
const PAYMENTS: Payment[] = [
  {
    vendor: 'Gamma Tools',
    duns: '930000001',
    cents: 100025,
    date: '2024-11-10',
    diversity: 'MBE',
    category: 'Logistics',
  },
  {
    vendor: 'Gamma Tools',
    duns: '930000001',
    cents: 250050,
    date: '2025-02-10',
    diversity: 'MBE',
    category: 'Logistics',
  },
  {
    vendor: 'Gamma Tools',
    duns: '930000001',
    cents: 30010,
    date: '2025-08-10',
    diversity: 'MBE',
    category: 'Office',
  },
  {
    vendor: 'Delta Paper',
    duns: '930000002',
    cents: 40040,
    date: '2025-03-01',
    diversity: 'WBE',
    category: 'Office',
  },
  {
    vendor: 'Delta Paper',
    duns: '930000002',
    cents: 65000,
    date: '2025-05-15',
    diversity: 'WBE',
    category: 'Logistics',
  },
  {
    vendor: 'Sigma Works',
    duns: '930000003',
    cents: 120000,
    date: '2025-04-20',
    diversity: '',
    category: 'Office',
  },
  {
    vendor: 'Omega Supply',
    duns: null,
    cents: 70000,
    date: '2025-03-05',
    diversity: '',
    category: 'Office',
  },
];
/** Gamma's MBE runs to mid-2025; Delta's WBE covers it all; Sigma (none in the file) holds two. */
const CERTIFICATES = [
  { duns: '930000001', type: 'MBE', from: '2025-01-01', to: '2025-06-30' },
  { duns: '930000002', type: 'WBE', from: '2024-01-01', to: '2026-12-31' },
  { duns: '930000003', type: 'WBE', from: '2025-01-01', to: '2025-12-31' },
  { duns: '930000003', type: 'MBE', from: '2025-04-01', to: '2025-12-31' },
];
/** The certificates recorded so far: Sigma's MBE comes later (the test of the refresh). */
let held = CERTIFICATES.slice(0, 3);

/* ---------- expected figures, by plain code ---------- */

const dollars = (cents: number) => cents / 100;
/** round(100 × part / whole, 2), half up, in exact integers. */
const pct = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.floor((20000 * part + whole) / (2 * whole)) / 100;
const sum = (rows: Payment[]) => rows.reduce((s, r) => s + r.cents, 0);

/** The types a payment counts for: as its file names them, or as its certificates prove. */
function typesOf(p: Payment, rule: 'reported' | 'verified'): string[] {
  if (rule === 'reported') return p.diversity ? [p.diversity] : ['NON_DIVERSE'];
  const qualifying = held
    .filter((c) => c.duns === p.duns && c.from <= p.date && p.date <= c.to)
    .map((c) => c.type);
  return qualifying.length ? [...new Set(qualifying)] : ['NON_DIVERSE'];
}
const diverse = (p: Payment, rule: 'reported' | 'verified') =>
  !typesOf(p, rule).includes('NON_DIVERSE');

function expected(rule: 'reported' | 'verified', nonAddressable: string[] = []) {
  const all = PAYMENTS;
  const kept = all.filter((p) => !nonAddressable.includes(p.category));
  const total = sum(all);
  const diverseCents = sum(all.filter((p) => diverse(p, rule)));
  const ofType = (rows: Payment[], type: string) =>
    rows.filter((p) => typesOf(p, rule).includes(type));
  const spendPerDiversity = {
    totalSpend: dollars(total),
    diverseSpend: dollars(diverseCents),
    nonDiverseSpend: dollars(total - diverseCents),
    types: DIVERSITY_TYPES.filter((type) => ofType(all, type).length > 0).map((type) => ({
      diversity: type,
      spend: dollars(sum(ofType(kept, type))),
      percentage: pct(sum(ofType(kept, type)), sum(kept)),
    })),
  };
  // 12 months to the latest payment (2025-08).
  const months = Array.from({ length: 12 }, (_, i) => {
    const index = 2025 * 12 + 7 - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
  const inWindow = all.filter((p) => p.date.slice(0, 7) >= months[0]!);
  const series = (rows: Payment[]) => ({
    values: months.map((m) => dollars(sum(rows.filter((p) => p.date.startsWith(m))))),
    total: dollars(sum(rows)),
  });
  const spendPerDiversityMom = {
    months,
    series: DIVERSITY_TYPES.filter((type) => ofType(inWindow, type).length > 0).map((type) => ({
      diversity: type,
      ...series(ofType(inWindow, type)),
    })),
    diverse: series(inWindow.filter((p) => diverse(p, rule))),
    nonDiverse: series(inWindow.filter((p) => !diverse(p, rule))),
  };
  const years = [...new Set(kept.map((p) => Number(p.date.slice(0, 4))))].sort();
  const spendDiversityOverNonDiversity = years.map((year) => {
    const inYear = kept.filter((p) => p.date.startsWith(String(year)));
    const d = sum(inYear.filter((p) => diverse(p, rule)));
    return {
      year,
      diverse: dollars(d),
      nonDiverse: dollars(sum(inYear) - d),
      total: dollars(sum(inYear)),
      diversePercentage: pct(d, sum(inYear)),
    };
  });
  return { spendPerDiversity, spendPerDiversityMom, spendDiversityOverNonDiversity };
}

const GRAPHS = [
  'spendPerDiversity',
  'spendPerDiversityMom',
  'spendDiversityOverNonDiversity',
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const buyer = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  token = buyer.token;
  otherToken = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  ids = await directorySuppliers(t, [
    { duns: '930000001', name: 'Gamma Tools', stateOrProvince: 'IL' },
    { duns: '930000002', name: 'Delta Paper', stateOrProvince: 'OH' },
    { duns: '930000003', name: 'Sigma Works', stateOrProvince: 'TX' },
  ]);
  await importMatched(
    t,
    token,
    await xlsxBuffer([
      HEADER,
      ...PAYMENTS.map((p) => [
        p.vendor,
        p.duns,
        p.cents / 100,
        new Date(`${p.date}T00:00:00Z`),
        p.diversity,
        p.category,
      ]),
    ]),
  );
  await certify(t, token, ids, held);
  // The organisation's default is 'verified': the graphs still count as reported unless asked.
  expect((await putPolicy(t, token)).statusCode).toBe(200);
  // A prime's Tier 2 report for 2025, so that Tier 1 stands beside it.
  const prime = await createOrg(t.database.db);
  const [link] = await t.database.db
    .insert(tier2Primes)
    .values({
      buyerClientRef: buyer.org.id,
      primeClientRef: prime.id,
      companyName: 'Prime Co',
      contactName: 'Pat Prime',
      contactEmail: 'pat@prime.test',
      status: 'ACCEPTED',
      firstYear: 2025,
      firstQuarter: 1,
    })
    .returning({ id: tier2Primes.id });
  const [report] = await t.database.db
    .insert(tier2Reports)
    .values({
      primeRef: link!.id,
      year: 2025,
      quarter: 1,
      totalRevenue: '1000000.00',
      buyerRevenue: '250000.00',
      source: 'FORM',
    })
    .returning({ id: tier2Reports.id });
  await t.database.db
    .insert(tier2ReportLines)
    .values({ reportRef: report!.id, kind: 'DIRECT', diversityType: 'MBE', amount: '5000.00' });
});
afterAll(() => t?.close());

async function graph(name: string, query = '', auth = token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/graph/${name}${query}`,
    headers: t.auth(auth),
    payload: { selectedIds: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown;
}

describe('the counting rule on every figure of the Spend Dashboard', () => {
  it('fixture sanity: the rules disagree on types, on diverse spend and per year', () => {
    const reported = expected('reported');
    const verified = expected('verified');
    expect(reported.spendPerDiversity.diverseSpend).toBe(4851.25);
    expect(verified.spendPerDiversity.diverseSpend).not.toBe(
      reported.spendPerDiversity.diverseSpend,
    );
    expect(verified.spendDiversityOverNonDiversity).not.toEqual(
      reported.spendDiversityOverNonDiversity,
    );
  });

  it('counts as reported without a rule and with ?rule=reported, whatever the policy', async () => {
    const reported = expected('reported', []);
    for (const name of GRAPHS) {
      expect(await graph(name)).toEqual(reported[name]);
      expect(await graph(name, '?rule=reported')).toEqual(reported[name]);
    }
  });

  it('counts every graph of diverse spend under the verified rule with ?rule=verified', async () => {
    const verified = expected('verified');
    for (const name of GRAPHS) {
      expect(await graph(name, '?rule=verified'), name).toEqual(verified[name]);
    }
  });

  it('follows a certificate added since: the verified rollups are brought up to date first', async () => {
    const before = expected('verified');
    held = CERTIFICATES;
    await certify(t, token, ids, CERTIFICATES.slice(3));
    const after = expected('verified');
    expect(after.spendPerDiversity).not.toEqual(before.spendPerDiversity);
    for (const name of GRAPHS) {
      expect(await graph(name, '?rule=verified'), name).toEqual(after[name]);
    }
  });

  it('takes the addressable base with the rule: shares of addressable spend, amounts all spend', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/organisation/settings',
      headers: t.auth(token),
      payload: { fiscalYearStartMonth: 1, nonAddressableCategories: [' logistics'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const verified = expected('verified', ['Logistics']);
    expect(await graph('spendPerDiversity', '?base=addressable&rule=verified')).toEqual(
      verified.spendPerDiversity,
    );
    expect(
      await graph('spendDiversityOverNonDiversity', '?base=addressable&rule=verified'),
    ).toEqual(verified.spendDiversityOverNonDiversity);
    // Month over Month is amounts: the same on either base.
    expect(await graph('spendPerDiversityMom', '?base=addressable&rule=verified')).toEqual(
      expected('verified').spendPerDiversityMom,
    );
    await t.app.inject({
      method: 'PUT',
      url: '/api/organisation/settings',
      headers: t.auth(token),
      payload: { fiscalYearStartMonth: 1, nonAddressableCategories: [] },
    });
  });

  it('refuses an unknown rule, and another organisation sees none of it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graph/spendPerDiversity?rule=audited',
      headers: t.auth(token),
      payload: { selectedIds: [] },
    });
    expect(res.statusCode).toBe(400);
    const other = (await graph('spendPerDiversity', '?rule=verified', otherToken)) as {
      totalSpend: number;
    };
    expect(other.totalSpend).toBe(0);
  });

  it('counts Tier 1 beside Tier 2 under the rule asked for; Tier 2 stays as the prime reported it', async () => {
    const tier1 = (rule: 'reported' | 'verified', type: string) =>
      dollars(
        sum(PAYMENTS.filter((p) => p.date.startsWith('2025') && typesOf(p, rule).includes(type))),
      );
    const diverse2025 = (rule: 'reported' | 'verified') =>
      dollars(sum(PAYMENTS.filter((p) => p.date.startsWith('2025') && diverse(p, rule))));
    for (const rule of ['reported', 'verified'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tier2/figures',
        headers: t.auth(token),
        payload: { countingRule: rule.toUpperCase() },
      });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data as {
        year: number;
        tier1Diverse: string;
        directTotal: string;
        rows: { diversity: string; tier1: string; direct: string }[];
      };
      expect(d.year).toBe(2025);
      expect(Number(d.tier1Diverse), rule).toBe(diverse2025(rule));
      expect(Number(d.directTotal)).toBe(5000);
      for (const type of ['MBE', 'WBE']) {
        const row = d.rows.find((r) => r.diversity === type);
        expect(Number(row?.tier1 ?? 0), `${rule} ${type}`).toBe(tier1(rule, type));
      }
    }
    expect(diverse2025('verified')).not.toBe(diverse2025('reported'));
  });
});

describe('the Spend Dashboard’s exports under the verified rule', () => {
  it('Excel: every sheet of diverse spend holds the verified figures, and the Summary says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/excel/spend',
      headers: t.auth(token),
      payload: { excel: true, spendData: { selectedIds: [], countingRule: 'VERIFIED' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    keepReport('spend-rule-verified.xlsx', res.rawPayload);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (name: string) => {
      const rows: unknown[][] = [];
      workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows.slice(1);
    };
    const verified = expected('verified');
    const label = (type: string) => (type === 'NON_DIVERSE' ? 'Non Diverse' : type);
    // Percent cells hold a fraction of one, shown as a percentage.
    const percent = (v: unknown) => Math.round(Number(v) * 10000) / 100;
    expect(values('Spend per Diversity').map(([l, spend, p]) => [l, spend, percent(p)])).toEqual(
      verified.spendPerDiversity.types.map((x) => [label(x.diversity), x.spend, x.percentage]),
    );
    expect(
      values('Diverse vs Non Diverse').map(([year, d, n, total, p]) => [
        year,
        d,
        n,
        total,
        percent(p),
      ]),
    ).toEqual(
      verified.spendDiversityOverNonDiversity.map((y) => [
        y.year,
        y.diverse,
        y.nonDiverse,
        y.total,
        y.diversePercentage,
      ]),
    );
    const mom = values('Month over Month');
    expect(mom.find((r) => r[0] === 'Diverse')?.at(-1)).toBe(
      verified.spendPerDiversityMom.diverse.total,
    );
    const tier2 = values('Tier 2');
    const mbe = tier2.find((r) => r[0] === 'MBE');
    expect(mbe?.[1]).toBe(
      dollars(
        sum(
          PAYMENTS.filter(
            (p) => p.date.startsWith('2025') && typesOf(p, 'verified').includes('MBE'),
          ),
        ),
      ),
    );
    const summary: string[] = [];
    workbook.getWorksheet('Summary')!.eachRow((row) => summary.push(String(row.values)));
    expect(summary.join('\n')).toContain('count under this rule (Verified)');
  });

  it('PDF: each chart of diverse spend states the verified rule; nothing says "as reported" of them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/report/spend/pdf',
      headers: t.auth(token),
      payload: { selectedIds: [], countingRule: 'VERIFIED' },
    });
    expect(res.statusCode, res.body).toBe(200);
    keepReport('spend-rule-verified.pdf', res.rawPayload);
    const text = (await pdfPages(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text.match(/Counting rule: Verified/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain('count diversity as reported in the file');
    expect(text).toContain('Counted the same under either counting rule');
    expect(text).toContain('Tier 2 counts as the prime suppliers reported it');
  });
});

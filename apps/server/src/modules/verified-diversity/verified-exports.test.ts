/**
 * The counting rule in the Spend Dashboard's exports: PPTX, PDF and Excel use the
 * rule the request names (the one chosen on screen), else the organisation's default, and state
 * it; the verified figures are computed here by plain code over the fixture.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@spotzcity/shared/format';
import { COUNTING_RULE_TEXT } from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { keepReport, pdfPages, pptxSlides, pptxTables } from '../../../test/reports.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { certify, directorySuppliers, importMatched, putPolicy } from '../../../test/verified.ts';

let t: TestApp;
let token: string;
let otherToken: string;

const HEADER = ['Vendor Name', 'DUNS', 'Spend', 'Payment Date', 'Diversity'];
const PAYMENTS = [
  { vendor: 'Gamma Tools', duns: '930000001', spend: 1000, date: '2025-02-10', diversity: 'MBE' },
  { vendor: 'Gamma Tools', duns: '930000001', spend: 2500, date: '2025-08-10', diversity: 'MBE' },
  { vendor: 'Delta Paper', duns: '930000002', spend: 400, date: '2025-03-01', diversity: 'WBE' },
  { vendor: 'Omega Supply', duns: null, spend: 700, date: '2025-03-05', diversity: '' },
];
/** Gamma's MBE certificate runs to mid-year; Delta has none. */
const CERTIFICATE = { from: '2025-01-01', to: '2025-06-30' };

// Plain code: reported = every payment whose file names a type; verified = Gamma inside its window.
const total = PAYMENTS.reduce((s, p) => s + p.spend, 0);
const reported = PAYMENTS.filter((p) => p.diversity).reduce((s, p) => s + p.spend, 0);
const verified = PAYMENTS.filter(
  (p) => p.vendor === 'Gamma Tools' && p.date >= CERTIFICATE.from && p.date <= CERTIFICATE.to,
).reduce((s, p) => s + p.spend, 0);

beforeAll(async () => {
  t = await createTestApp();
  const buyer = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  token = buyer.token;
  otherToken = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  const ids = await directorySuppliers(t, [
    { duns: '930000001', name: 'Gamma Tools', stateOrProvince: 'IL' },
    { duns: '930000002', name: 'Delta Paper', stateOrProvince: 'OH' },
  ]);
  const file = await xlsxBuffer([
    HEADER,
    ...PAYMENTS.map((p) => [
      p.vendor,
      p.duns,
      p.spend,
      new Date(`${p.date}T00:00:00Z`),
      p.diversity,
    ]),
  ]);
  await importMatched(t, token, file);
  await certify(t, token, ids, [
    { duns: '930000001', type: 'MBE', number: 'NM-77', ...CERTIFICATE },
  ]);
});
afterAll(() => t?.close());

const report = (format: 'pptx' | 'pdf', body: object, auth = token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/report/spend/${format}`,
    headers: t.auth(auth),
    payload: { selectedIds: [], ...body },
  });

const excel = (spendData: object, path = 'spend') =>
  t.app.inject({
    method: 'POST',
    url: `/api/excel/${path}`,
    headers: t.auth(token),
    payload: { excel: true, spendData: { selectedIds: [], ...spendData } },
  });

/** The Summary sheet as label → value text. */
async function summaryOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Summary')!;
  const pairs: Record<string, string> = {};
  sheet.eachRow((row) => {
    const [label, value] = (row.values as unknown[]).slice(1);
    if (typeof label === 'string') pairs[label] = String(value ?? '');
  });
  return { workbook, pairs };
}

describe('the counting rule in the Spend Dashboard’s exports', () => {
  it('fixture sanity: the certificate leaves part of the reported spend unverified', () => {
    expect(verified).toBe(1000);
    expect(reported).toBe(3900);
  });

  it('PDF: verified when asked, with the rule in words, both figures and the suppliers behind', async () => {
    const res = await report('pdf', { countingRule: 'VERIFIED' });
    expect(res.statusCode, res.body).toBe(200);
    keepReport('spend-verified.pdf', res.rawPayload);
    const text = (await pdfPages(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Counting rule: Verified');
    expect(text).toContain(COUNTING_RULE_TEXT.VERIFIED.slice(0, 60));
    expect(text).toContain(`Diverse (Verified) ${formatMoney(verified)}`);
    expect(text).toContain(`Non Diverse (Verified) ${formatMoney(total - verified)}`);
    expect(text).toContain(`Diverse spend ${formatMoney(reported)} ${formatMoney(verified)}`);
    expect(text).toContain('Behind the verified figure');
    expect(text).toContain('NMSDC NM-77');
    expect(text).toContain('Same DUNS');
  });

  it('PPTX: as reported when asked, and the policy’s default when not asked', async () => {
    const asked = await report('pptx', { countingRule: 'REPORTED' });
    expect(asked.statusCode, asked.body).toBe(200);
    const slides = (await pptxSlides(asked.rawPayload)).flat().join(' ');
    expect(slides).toContain('Counting rule: As reported in the file');
    expect(slides).toContain(formatMoney(reported));
    expect(slides).not.toContain('Behind the verified figure');
    const tables = (await pptxTables(asked.rawPayload)).flatMap((table) => table.slice(1));
    expect(tables.map((r) => r.join(' | '))).toContain(
      ['Diverse spend', formatMoney(reported), formatMoney(verified)].join(' | '),
    );

    // The organisation's default becomes 'verified': a request without a rule follows it.
    const policy = await putPolicy(t, token);
    expect(policy.statusCode, policy.body).toBe(200);
    const byDefault = await report('pptx', {});
    keepReport('spend-default.pptx', byDefault.rawPayload);
    const text = (await pptxSlides(byDefault.rawPayload)).flat().join(' ');
    expect(text).toContain('Counting rule: Verified');
    expect(text).toContain('Behind the verified figure');
  });

  it('Excel: the Summary states the rule and its diverse spend; a sheet holds both figures', async () => {
    const res = await excel({ countingRule: 'VERIFIED' });
    expect(res.statusCode, res.body).toBe(200);
    keepReport('spend-verified.xlsx', res.rawPayload);
    const { workbook, pairs } = await summaryOf(res.rawPayload);
    expect(pairs['Counting rule']).toBe(`Verified — ${COUNTING_RULE_TEXT.VERIFIED}`);
    expect(Number(pairs['Diverse Spend (Verified)'])).toBe(verified);
    expect(Number(pairs['Non Diverse Spend (Verified)'])).toBe(total - verified);
    const rule = workbook.getWorksheet('Counting Rule')!;
    expect((rule.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Diverse spend',
      reported,
      verified,
    ]);
    const suppliers = workbook.getWorksheet('Verified Suppliers')!;
    expect((suppliers.getRow(2).values as unknown[]).slice(1, 3)).toEqual([
      'Gamma Tools',
      'Same DUNS',
    ]);

    const asReported = await summaryOf((await excel({ countingRule: 'REPORTED' })).rawPayload);
    expect(asReported.pairs['Counting rule']).toBe(
      `As reported in the file — ${COUNTING_RULE_TEXT.REPORTED}`,
    );
    expect(Number(asReported.pairs['Diverse Spend (As reported in the file)'])).toBe(reported);
    expect(asReported.workbook.getWorksheet('Verified Suppliers')).toBeUndefined();

    // The other dashboards count as reported and say so.
    const supplier = await summaryOf((await excel({}, 'supplier')).rawPayload);
    expect(supplier.pairs['Counting rule']).toBe(
      `As reported in the file — ${COUNTING_RULE_TEXT.REPORTED}`,
    );
  });

  it('refuses an unknown rule, and never shows another organisation’s suppliers', async () => {
    expect((await report('pdf', { countingRule: 'AUDITED' })).statusCode).toBe(400);
    expect((await excel({ countingRule: 'AUDITED' })).statusCode).toBe(400);
    const other = await report('pdf', { countingRule: 'VERIFIED' }, otherToken);
    expect(other.statusCode).toBe(200);
    const text = (await pdfPages(other.rawPayload)).join('\n');
    expect(text).not.toContain('Gamma Tools');
    expect(text).toContain(formatMoney(0));
  });
});

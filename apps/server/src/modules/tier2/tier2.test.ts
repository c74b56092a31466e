/**
 * Tier 2 through the API: a buyer invites a prime, the prime's organisation accepts
 * (or declines) the request, the prime reports by form and by template, the allocation (revenue
 * share × the prime's diverse spend) and the buyer's figures — expected values computed here by
 * plain code — and tenancy: a prime's report for buyer A is invisible to buyer B and to another
 * prime (404), and a link the prime has not accepted shows neither side anything of the other.
 * The request mail is the product's text, never the buyer's. Reminders are mailed once per kind.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signIn } from '../../../test/factories.ts';
import { acceptInvitation, mailsTo } from '../../../test/mail.ts';
import { multipart } from '../../../test/multipart.ts';
import { pdfPages, pptxTables } from '../../../test/reports.ts';
import { XLSX_TYPE, xlsxBuffer } from '../../../test/xlsx.ts';
import { TIER2_DASHBOARD_NOTE } from '@spotzcity/shared/tier2';
import { tier2RuleNote } from '@spotzcity/shared/verified-diversity';
import { auditLog, clients } from '../../db/schema/index.ts';
import { sendTier2Reminders } from './reminders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PRIME_EMAIL = 'reports@northwind-prime.example';
/** Buyer B's projects: what it asks the prime to break direct spend down by. */
const PROJECTS = ['Substation Upgrade', 'North Depot'];
const PRIME_PASSWORD = 'Prime#2026x';

/** Cents of `amount × part / whole`, rounded half away from zero: the allocation, by hand. */
const allocated = (amount: number, part: number, whole: number) => {
  const exact =
    (BigInt(Math.round(amount * 100)) * BigInt(Math.round(part * 100)) * 2n) /
    BigInt(Math.round(whole * 100));
  // exact = 2 × cents (truncated); half away from zero for positive amounts:
  return Number((exact + 1n) / 2n) / 100;
};
const money = (n: number) => n.toFixed(2);

interface Ctx {
  buyerA: { token: string; clientRef: number; name: string };
  buyerB: { token: string; clientRef: number; name: string };
  primeToken: string;
  primeIdA: number;
  primeIdB: number;
}
const ctx = {} as Ctx;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: t.auth(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('Tier 2', () => {
  it('lets a buyer admin invite a prime, who gets a supplier account and the request by mail', async () => {
    const a = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const b = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    ctx.buyerA = { token: a.token, clientRef: a.org.id, name: a.org.companyName };
    ctx.buyerB = { token: b.token, clientRef: b.org.id, name: b.org.companyName };

    const res = await call('POST', '/api/tier2/primes/invite', a.token, {
      companyName: 'Northwind Construction',
      name: 'Pat Prime',
      email: PRIME_EMAIL,
      breakdown: 'NONE',
      firstYear: 2026,
      firstQuarter: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Invitation sent to ${PRIME_EMAIL}.`);
    ctx.primeIdA = res.json().data.id;

    expect(res.json().data).toMatchObject({ status: 'PENDING', quarters: [] });

    const mails = await mailsTo(t.database.db, PRIME_EMAIL);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your SpotzCity account',
      `${a.org.companyName} asks for your Tier 2 spend report`,
    ]);
    for (const mail of mails) {
      expect(mail.body).toContain(a.org.companyName);
      // Each says why it came: the buyer asks for a Tier 2 report every quarter.
      expect(mail.body).toMatch(/Tier 2 spend[^.]* each quarter/);
      // The names the buyer typed are its own labels: not one of them is mailed.
      expect(mail.body).not.toMatch(/Northwind|Pat Prime/);
    }
    const [org] = await t.database.db.select().from(clients).where(eq(clients.email, PRIME_EMAIL));
    expect(org?.type).toBe('SUPPLIER');

    await acceptInvitation(t.app, t.database.db, PRIME_EMAIL, PRIME_PASSWORD);
    ctx.primeToken = await signIn(t.app, PRIME_EMAIL, PRIME_PASSWORD);

    // The same prime invited by a second buyer: the existing account is linked, no new one.
    const again = await call('POST', '/api/tier2/primes/invite', b.token, {
      companyName: 'Northwind',
      name: 'Pat Prime',
      email: PRIME_EMAIL.toUpperCase(),
      breakdown: 'PROJECT',
      segments: PROJECTS,
      firstYear: 2026,
      firstQuarter: 2,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.segments).toEqual(PROJECTS);
    ctx.primeIdB = again.json().data.id;
    const orgs = await t.database.db.select().from(clients).where(eq(clients.email, PRIME_EMAIL));
    expect(orgs).toHaveLength(1);

    const dup = await call('POST', '/api/tier2/primes/invite', a.token, {
      companyName: 'Northwind Construction',
      name: 'Pat Prime',
      email: PRIME_EMAIL,
      firstYear: 2026,
      firstQuarter: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This prime supplier is already invited.');
  });

  it("keeps a link pending, showing neither side the other's reports, until the prime accepts", async () => {
    const primes = (await call('GET', '/api/tier2/primes', ctx.buyerA.token)).json().data;
    expect(primes).toEqual([
      expect.objectContaining({ id: ctx.primeIdA, status: 'PENDING', quarters: [] }),
    ]);
    expect((await call('GET', '/api/tier2/buyers', ctx.primeToken)).json().data).toEqual([]);
    const requests = await call('GET', '/api/tier2/buyers/requests', ctx.primeToken);
    expect(requests.statusCode).toBe(200);
    const byLink = (rows: { primeId: number }[]) => [...rows].sort((x, y) => x.primeId - y.primeId);
    expect(byLink(requests.json().data)).toEqual([
      {
        primeId: ctx.primeIdA,
        buyerName: ctx.buyerA.name,
        breakdown: 'NONE',
        segments: [],
        firstYear: 2026,
        firstQuarter: 1,
        requestedAt: expect.any(String),
        status: 'PENDING',
      },
      expect.objectContaining({
        primeId: ctx.primeIdB,
        buyerName: ctx.buyerB.name,
        segments: PROJECTS,
        status: 'PENDING',
      }),
    ]);

    // Pending: the prime cannot report, the buyer cannot read.
    const q = `primeId=${ctx.primeIdA}&year=2026&quarter=2`;
    expect((await call('GET', `/api/tier2/primes/report?${q}`, ctx.buyerA.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/tier2/buyers/report?${q}`, ctx.primeToken)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/api/tier2/buyers/report?primeId=${ctx.primeIdA}`, ctx.primeToken, FORM))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/tier2/buyers/template?primeId=${ctx.primeIdA}`, ctx.primeToken))
        .statusCode,
    ).toBe(404);

    // Only the prime's own organisation answers: another supplier 404, the buyer 403.
    const accept = (primeId: number) => `/api/tier2/buyers/accept?primeId=${primeId}`;
    const other = await actor(t.app, t.database.db, 'ROLE_SUPPLIER');
    expect((await call('PUT', accept(ctx.primeIdA), other.token)).statusCode).toBe(404);
    expect((await call('PUT', accept(ctx.primeIdA), ctx.buyerA.token)).statusCode).toBe(403);
    expect((await call('PUT', accept(ctx.primeIdA), null)).statusCode).toBe(401);

    const accepted = await call('PUT', accept(ctx.primeIdA), ctx.primeToken);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(`You now report Tier 2 spend to ${ctx.buyerA.name}.`);
    expect(accepted.json().data).toMatchObject({ primeId: ctx.primeIdA, status: 'ACCEPTED' });
    const again = await call('PUT', accept(ctx.primeIdA), ctx.primeToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request has already been answered.');
    expect((await call('PUT', accept(ctx.primeIdB), ctx.primeToken)).statusCode).toBe(200);

    const buyers = (await call('GET', '/api/tier2/buyers', ctx.primeToken)).json().data;
    expect(buyers.map((b: { primeId: number }) => b.primeId).sort()).toEqual(
      [ctx.primeIdA, ctx.primeIdB].sort(),
    );
    expect((await call('GET', '/api/tier2/buyers/requests', ctx.primeToken)).json().data).toEqual(
      [],
    );
    const [listed] = (await call('GET', '/api/tier2/primes', ctx.buyerA.token)).json().data;
    expect(listed.status).toBe('ACCEPTED');
    expect(listed.quarters.length).toBeGreaterThan(0);

    // The request and its answer are in the audit log, with who answered.
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tier2Prime'), eq(auditLog.entityId, ctx.primeIdA)));
    expect(trail.map((r) => [r.action, r.actorEmail, r.after?.status])).toEqual([
      ['CREATE', expect.any(String), 'PENDING'],
      ['UPDATE', PRIME_EMAIL, 'ACCEPTED'],
    ]);
  });

  it('lets the prime decline a request: the buyer sees it declined, and nothing else', async () => {
    const c = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const invited = await call('POST', '/api/tier2/primes/invite', c.token, {
      companyName: 'Northwind',
      name: 'Pat Prime',
      email: PRIME_EMAIL,
      firstYear: 2026,
      firstQuarter: 1,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const primeId = invited.json().data.id as number;
    const decline = `/api/tier2/buyers/decline?primeId=${primeId}`;
    expect((await call('PUT', decline, ctx.buyerA.token)).statusCode).toBe(403);
    const declined = await call('PUT', decline, ctx.primeToken);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().message).toBe(`You declined the request of ${c.org.companyName}.`);
    expect(
      (await call('PUT', `/api/tier2/buyers/accept?primeId=${primeId}`, ctx.primeToken)).statusCode,
    ).toBe(409);

    const [row] = (await call('GET', '/api/tier2/primes', c.token)).json().data;
    expect(row).toMatchObject({ id: primeId, status: 'DECLINED', quarters: [] });
    const figures = (await call('POST', '/api/tier2/figures', c.token, {})).json().data;
    expect(figures).toMatchObject({ primes: [], primesInvited: 0 });
    const q = `primeId=${primeId}&year=2026&quarter=1`;
    expect((await call('GET', `/api/tier2/primes/report?${q}`, c.token)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/tier2/primes/breakdown?primeId=${primeId}`, c.token, {
          breakdown: 'PROJECT',
          segments: ['A'],
        })
      ).statusCode,
    ).toBe(404);
    const buyers = (await call('GET', '/api/tier2/buyers', ctx.primeToken)).json().data;
    expect(buyers.map((b: { primeId: number }) => b.primeId)).not.toContain(primeId);
    // Asking again is not a way around the answer.
    const repeat = await call('POST', '/api/tier2/primes/invite', c.token, {
      companyName: 'Northwind',
      name: 'Pat Prime',
      email: PRIME_EMAIL,
      firstYear: 2026,
      firstQuarter: 1,
    });
    expect(repeat.statusCode).toBe(409);
  });

  it('mails the product’s request with the buyer’s name, never text the buyer typed', async () => {
    const d = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const typed = {
      companyName: 'Urgent: confirm payment at evil.example',
      name: 'Visit evil.example today',
      breakdown: 'PROJECT',
      segments: ['Wire the fee to evil.example'],
      firstYear: 2026,
      firstQuarter: 1,
      message: 'Your account is locked: evil.example',
    };
    const stranger = 'someone@elsewhere.example';
    for (const email of [PRIME_EMAIL, stranger]) {
      const before = (await mailsTo(t.database.db, email)).length;
      const res = await call('POST', '/api/tier2/primes/invite', d.token, { ...typed, email });
      expect(res.statusCode, res.body).toBe(200);
      const all = await mailsTo(t.database.db, email);
      const mails = all.slice(0, all.length - before); // newest first
      expect(mails.length).toBe(email === stranger ? 2 : 1);
      for (const mail of mails) {
        expect(mail.subject + mail.body).not.toContain('evil.example');
        expect(mail.subject + mail.body).toContain(d.org.companyName);
      }
    }
    // A pending request tells nobody of a change either.
    const linked = (await call('GET', '/api/tier2/primes', d.token))
      .json()
      .data.find((p: { contactEmail: string }) => p.contactEmail === PRIME_EMAIL);
    const before = (await mailsTo(t.database.db, PRIME_EMAIL)).length;
    const changed = await call('PUT', `/api/tier2/primes/breakdown?primeId=${linked.id}`, d.token, {
      breakdown: 'NONE',
      segments: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await mailsTo(t.database.db, PRIME_EMAIL)).length).toBe(before);
  });

  it('refuses the invitation to a buyer user (403) and to nobody signed in (401)', async () => {
    const user = await actor(t.app, t.database.db, 'ROLE_BUYER_USER');
    const body = {
      companyName: 'X',
      name: 'Y',
      email: 'y@example.com',
      firstYear: 2026,
      firstQuarter: 1,
    };
    expect((await call('POST', '/api/tier2/primes/invite', user.token, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/tier2/primes/invite', null, body)).statusCode).toBe(401);
    expect((await call('GET', '/api/tier2/buyers', null)).statusCode).toBe(401);
  });

  it("refuses the prime's routes to a buyer's users (403), whatever links exist", async () => {
    const admin = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const user = await actor(t.app, t.database.db, 'ROLE_BUYER_USER');
    const q = `primeId=${ctx.primeIdA}&year=2026&quarter=2`;
    for (const token of [admin.token, user.token, ctx.buyerA.token]) {
      expect((await call('GET', '/api/tier2/buyers', token)).statusCode).toBe(403);
      expect((await call('GET', `/api/tier2/buyers/report?${q}`, token)).statusCode).toBe(403);
      expect(
        (await call('PUT', `/api/tier2/buyers/report?primeId=${ctx.primeIdA}`, token, FORM))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('GET', `/api/tier2/buyers/template?primeId=${ctx.primeIdA}`, token)).statusCode,
      ).toBe(403);
    }
    // The prime's own user still may.
    expect((await call('GET', '/api/tier2/buyers', ctx.primeToken)).statusCode).toBe(200);
  });

  const FORM = {
    year: 2026,
    quarter: 2,
    totalRevenue: 12_000_000,
    buyerRevenue: 3_100_000,
    direct: [
      { diversity: 'MBE', amount: 85_000.5 },
      { diversity: 'WBE', amount: 42_500 },
    ],
    primeDiverse: [
      { diversity: 'MBE', amount: 900_000.33 },
      { diversity: 'WBE', amount: 400_001 },
      { diversity: 'VBE', amount: 150_000.07 },
    ],
  };

  it('shows the prime each buyer, and computes indirect = revenue share × its diverse spend', async () => {
    const buyers = await call('GET', '/api/tier2/buyers', ctx.primeToken);
    expect(buyers.statusCode).toBe(200);
    expect(
      buyers
        .json()
        .data.map((b: { primeId: number }) => b.primeId)
        .sort(),
    ).toEqual([ctx.primeIdA, ctx.primeIdB].sort());

    const saved = await call(
      'PUT',
      `/api/tier2/buyers/report?primeId=${ctx.primeIdA}`,
      ctx.primeToken,
      FORM,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const report = saved.json().data;
    const expectedAllocation = FORM.primeDiverse.map((l) => ({
      diversity: l.diversity,
      primeDiverseSpend: money(l.amount),
      indirect: money(allocated(l.amount, FORM.buyerRevenue, FORM.totalRevenue)),
    }));
    expect(report.allocation).toEqual(expectedAllocation);
    expect(report.revenueShare).toBe(
      money(Math.round((FORM.buyerRevenue / FORM.totalRevenue) * 10_000) / 100),
    );
    expect(report.directTotal).toBe(money(FORM.direct.reduce((s, l) => s + l.amount, 0)));
    expect(report.indirectTotal).toBe(
      money(
        FORM.primeDiverse.reduce(
          (s, l) => s + allocated(l.amount, FORM.buyerRevenue, FORM.totalRevenue),
          0,
        ),
      ),
    );

    // The buyer reads the same figures.
    const read = await call(
      'GET',
      `/api/tier2/primes/report?primeId=${ctx.primeIdA}&year=2026&quarter=2`,
      ctx.buyerA.token,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().data.allocation).toEqual(expectedAllocation);
  });

  it("keeps a prime's report for buyer A invisible to buyer B and to another prime (404)", async () => {
    const url = `/api/tier2/primes/report?primeId=${ctx.primeIdA}&year=2026&quarter=2`;
    expect((await call('GET', url, ctx.buyerB.token)).statusCode).toBe(404);
    const other = await actor(t.app, t.database.db, 'ROLE_SUPPLIER');
    const mine = `/api/tier2/buyers/report?primeId=${ctx.primeIdA}&year=2026&quarter=2`;
    expect((await call('GET', mine, other.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/tier2/buyers/report?primeId=${ctx.primeIdA}`, other.token, FORM))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/tier2/buyers', other.token)).json().data).toEqual([]);
    // Buyer B's view of the same prime is its own link: nothing of A's report.
    const bView = await call(
      'GET',
      `/api/tier2/primes/report?primeId=${ctx.primeIdB}&year=2026&quarter=2`,
      ctx.buyerB.token,
    );
    expect(bView.statusCode).toBe(200);
    expect(bView.json().data.submitted).toBe(false);
    expect((await call('POST', '/api/tier2/figures', ctx.buyerB.token, {})).json().data.year).toBe(
      null,
    );
  });

  /** The prime's report to `primeId` saved with `form`, expecting a 400; gives the reply. */
  const refusedReport = async (primeId: number, form: object) => {
    const res = await call(
      'PUT',
      `/api/tier2/buyers/report?primeId=${primeId}`,
      ctx.primeToken,
      form,
    );
    expect(res.statusCode).toBe(400);
    return res.json();
  };

  it('asks for the breakdown the buyer chose, and refuses quarters not open', async () => {
    const noSegment = await refusedReport(ctx.primeIdB, { ...FORM, quarter: 3 });
    expect(noSegment.errors[0]).toEqual({
      field: 'direct.0.segment',
      message: 'Project is required: the buyer asks per project',
    });
    const airport = [{ diversity: 'MBE', segment: 'Airport', amount: 10 }];
    const unlisted = await refusedReport(ctx.primeIdB, { ...FORM, quarter: 3, direct: airport });
    expect(unlisted.errors[0]).toEqual({
      field: 'direct.0.segment',
      message: "Must be one of the buyer's projects: Substation Upgrade, North Depot",
    });
    const early = await refusedReport(ctx.primeIdB, { ...FORM, quarter: 1, direct: [] });
    expect(early.message).toBe('This quarter is before the first quarter the buyer asked for.');
    const tooMuch = await refusedReport(ctx.primeIdA, {
      ...FORM,
      buyerRevenue: FORM.totalRevenue + 1,
    });
    expect(tooMuch.errors[0].message).toBe(
      'Revenue from this buyer cannot be more than total revenue.',
    );
  });

  const HEADER = ['Line Type', 'Diversity Category', 'Project / Cost Centre', 'Amount'];
  const upload = (primeId: number, quarter: number, data: Buffer) => {
    const form = multipart({}, { file: { filename: 'tier2.xlsx', contentType: XLSX_TYPE, data } });
    return t.app.inject({
      method: 'POST',
      url: `/api/tier2/buyers/upload?primeId=${primeId}&year=2026&quarter=${quarter}`,
      headers: { ...t.auth(ctx.primeToken), ...form.headers },
      payload: form.payload,
    });
  };
  /** Uploads `rows` under the header as quarter 3, expecting a refusal; gives its errors. */
  const refusal = async (primeId: number, rows: (string | number)[][]) => {
    const res = await upload(primeId, 3, await xlsxBuffer([HEADER, ...rows]));
    expect(res.statusCode, res.body).toBe(400);
    return res.json().errors;
  };

  it('refuses a template with a bad row, naming row and column, and saves nothing', async () => {
    const bad = [
      ['Total Revenue', '', '', 5_000_000],
      ['Revenue From Buyer', '', '', 1_000_000],
      ['Direct', 'PURPLE', '', 1000],
      ['Prime Diverse Spend', 'WBE', '', 'lots'],
    ];
    expect(await refusal(ctx.primeIdA, bad)).toEqual([
      expect.objectContaining({ row: 4, column: 'Diversity Category' }),
      expect.objectContaining({ row: 5, column: 'Amount', message: 'Must be a number' }),
    ]);
    // A file-level rule: revenue from the buyer above total revenue.
    const over = [
      ['Total Revenue', '', '', 1_000],
      ['Revenue From Buyer', '', '', 2_000],
    ];
    expect(await refusal(ctx.primeIdA, over)).toEqual([
      {
        row: 3,
        column: 'Amount',
        message: 'Revenue from this buyer cannot be more than total revenue.',
      },
    ]);
    const after = await call(
      'GET',
      `/api/tier2/buyers/report?primeId=${ctx.primeIdA}&year=2026&quarter=3`,
      ctx.primeToken,
    );
    expect(after.json().data.submitted).toBe(false);
  });

  it('refuses the template uploaded as downloaded, and saves nothing', async () => {
    const template = await call(
      'GET',
      `/api/tier2/buyers/template?primeId=${ctx.primeIdA}`,
      ctx.primeToken,
    );
    expect(template.statusCode).toBe(200);
    const res = await upload(ctx.primeIdA, 3, template.rawPayload);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { column: string; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) {
      expect(e).toMatchObject({
        column: 'Amount',
        message:
          "These are the template's example lines, not your figures: " +
          'replace the example amounts with yours and upload the file again.',
      });
    }
    const after = await call(
      'GET',
      `/api/tier2/buyers/report?primeId=${ctx.primeIdA}&year=2026&quarter=3`,
      ctx.primeToken,
    );
    expect(after.json().data.submitted).toBe(false);
  });

  it('saves a good template and shows the year next to Tier 1 on the buyer side', async () => {
    const rows = {
      total: 8_000_000,
      buyer: 2_000_000,
      direct: [['SDVBE', 12_345.67]] as const,
      prime: [
        ['MBE', 500_000.01],
        ['SDVBE', 70_000],
      ] as const,
    };
    const good = await xlsxBuffer([
      HEADER,
      ['Total Revenue', '', '', rows.total],
      ['revenue from buyer', '', '', rows.buyer],
      ...rows.direct.map(([d, a]) => ['Direct', d, '', a]),
      ...rows.prime.map(([d, a]) => ['Prime Diverse Spend', d, '', a]),
    ]);
    const res = await upload(ctx.primeIdA, 3, good);
    expect(res.statusCode, res.body).toBe(200);

    const figures = await call('POST', '/api/tier2/figures', ctx.buyerA.token, { year: 2026 });
    expect(figures.statusCode).toBe(200);
    const data = figures.json().data;
    // By hand: per type, direct as reported and indirect per quarter's allocation, summed.
    const expected = new Map<string, { direct: number; indirect: number }>();
    const add = (type: string, direct: number, indirect: number) => {
      const e = expected.get(type) ?? { direct: 0, indirect: 0 };
      expected.set(type, { direct: e.direct + direct, indirect: e.indirect + indirect });
    };
    for (const l of FORM.direct) add(l.diversity, l.amount, 0);
    for (const l of FORM.primeDiverse) {
      add(l.diversity, 0, allocated(l.amount, FORM.buyerRevenue, FORM.totalRevenue));
    }
    for (const [d, a] of rows.direct) add(d, a, 0);
    for (const [d, a] of rows.prime) add(d, 0, allocated(a, rows.buyer, rows.total));
    for (const [type, e] of expected) {
      const row = data.rows.find((r: { diversity: string }) => r.diversity === type);
      expect(Number(row.direct), type).toBeCloseTo(e.direct, 2);
      expect(Number(row.indirect), type).toBeCloseTo(e.indirect, 2);
      // Tier 1 stays its own column: this buyer paid nothing itself.
      expect(Number(row.tier1)).toBe(0);
    }
    expect(data.primes).toEqual([
      expect.objectContaining({ id: ctx.primeIdA, quartersReported: 2 }),
    ]);

    const status = await call('GET', '/api/tier2/primes', ctx.buyerA.token);
    const quarters = status.json().data[0].quarters as { quarter: number; status: string }[];
    expect(quarters.filter((q) => q.status === 'REPORTED').map((q) => q.quarter)).toEqual([3, 2]);
  });

  it("puts a Tier 2 section, labelled Tier 2, in the Spend Dashboard's Excel, PPTX and PDF", async () => {
    const figures = (await call('POST', '/api/tier2/figures', ctx.buyerA.token, {})).json().data;
    const excel = await t.app.inject({
      method: 'POST',
      url: '/api/excel/spend',
      headers: t.auth(ctx.buyerA.token),
      payload: { excel: true, spendData: { selectedIds: [] } },
    });
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Tier 2')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Diversity',
      'Tier 1 2026 (As reported in the file)',
      'Tier 2 direct',
      'Tier 2 indirect',
    ]);
    const mbe = figures.rows.find((r: { diversity: string }) => r.diversity === 'MBE');
    const row = sheet.getRows(2, figures.rows.length)!.find((r) => r.getCell(1).value === 'MBE')!;
    expect(row.getCell(3).value).toBeCloseTo(Number(mbe.direct), 2);
    expect(row.getCell(4).value).toBeCloseTo(Number(mbe.indirect), 2);
    // The note is printed whole: lines of at most 80 characters, together the note.
    const firstColumn: string[] = [];
    sheet.eachRow((r) => firstColumn.push(String(r.getCell(1).value ?? '')));
    const noteLines = firstColumn.slice(firstColumn.indexOf('Note') + 1);
    expect(noteLines.every((l) => l.length <= 80)).toBe(true);
    // Tier 1 follows the counting rule (the policy's default here); Tier 2 is as reported.
    expect(noteLines.join(' ')).toBe(`${TIER2_DASHBOARD_NOTE(1, 1)} ${tier2RuleNote('REPORTED')}`);

    const pptx = await t.app.inject({
      method: 'POST',
      url: '/api/report/spend/pptx',
      headers: t.auth(ctx.buyerA.token),
      payload: { selectedIds: [] },
    });
    expect(pptx.statusCode).toBe(200);
    const tables = await pptxTables(pptx.rawPayload);
    const tier2Table = tables.find((tb) => tb[0]?.includes('Tier 2 direct'));
    expect(tier2Table?.[0]).toEqual([
      'Diversity',
      'Tier 1 2026 (As reported in the file)',
      'Tier 2 direct',
      'Tier 2 indirect',
    ]);
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/report/spend/pdf',
      headers: t.auth(ctx.buyerA.token),
      payload: { selectedIds: [] },
    });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).join(' ')).toContain(
      'Tier 2 2026: reported by prime suppliers',
    );
  });

  it('counts a prime not yet accepted as invited, and nothing of it in the figures', async () => {
    const supplier = await actor(t.app, t.database.db, 'ROLE_SUPPLIER');
    const invited = await call('POST', '/api/tier2/primes/invite', ctx.buyerA.token, {
      companyName: 'Southwind',
      name: 'Sam Supplier',
      email: supplier.user.email,
      firstYear: 2026,
      firstQuarter: 1,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().data.status).toBe('PENDING');
    const figures = (await call('POST', '/api/tier2/figures', ctx.buyerA.token, {})).json().data;
    expect(figures.primes.map((p: { id: number }) => p.id)).toEqual([ctx.primeIdA]);
    expect(figures.primesInvited).toBe(2);
  });

  it('mails each reminder once, before and after the due date', async () => {
    const db = t.database.db;
    const before = (await mailsTo(db, PRIME_EMAIL)).length;
    // 2026-10-25, a week before Q3 2026 is due (10/31). For A (from Q1): Q1 is overdue, Q2 and
    // Q3 are reported. For B (from Q2): Q2 is overdue and Q3 is about to be due.
    const sent = await sendTier2Reminders(db, t.app.mailer, '2026-10-25');
    const mails = (await mailsTo(db, PRIME_EMAIL)).slice(0, sent);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `Tier 2 report for ${ctx.buyerA.name} is overdue (Q1 2026)`,
        `Tier 2 report for ${ctx.buyerB.name} is overdue (Q2 2026)`,
        `Tier 2 report for ${ctx.buyerB.name} due 10/31/2026 (Q3 2026)`,
      ].sort(),
    );
    expect(sent).toBe(3);
    expect(await sendTier2Reminders(db, t.app.mailer, '2026-10-25')).toBe(0);
    expect(await sendTier2Reminders(db, t.app.mailer, '2026-10-28')).toBe(0);
    // After Q3's due date, B's unreported Q3 gets its one overdue reminder.
    expect(await sendTier2Reminders(db, t.app.mailer, '2026-11-02')).toBe(1);
    expect(await sendTier2Reminders(db, t.app.mailer, '2026-11-03')).toBe(0);
    expect((await mailsTo(db, PRIME_EMAIL)).length).toBe(before + 4);
  });

  it("breaks direct spend down by the buyer's projects, and the buyer sees the breakdown", async () => {
    const direct = [
      { diversity: 'MBE', segment: 'substation upgrade', amount: 10_000.25 },
      { diversity: 'WBE', segment: 'Substation Upgrade', amount: 2_000 },
      { diversity: 'MBE', segment: 'North Depot', amount: 7_500.5 },
    ];
    const saved = await call(
      'PUT',
      `/api/tier2/buyers/report?primeId=${ctx.primeIdB}`,
      ctx.primeToken,
      { ...FORM, quarter: 3, direct },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await call(
      'GET',
      `/api/tier2/primes/report?primeId=${ctx.primeIdB}&year=2026&quarter=3`,
      ctx.buyerB.token,
    );
    const report = read.json().data;
    // By hand: the buyer's spelling, and the sum per project.
    const listed = (name: string) => PROJECTS.find((p) => p.toLowerCase() === name.toLowerCase())!;
    const perProject = new Map<string, number>();
    for (const l of direct) {
      perProject.set(listed(l.segment), (perProject.get(listed(l.segment)) ?? 0) + l.amount);
    }
    expect(report.segmentTotals).toEqual(
      [...perProject]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([segment, amount]) => ({ segment, amount: money(amount) })),
    );
    expect(new Set(report.direct.map((d: { segment: string }) => d.segment))).toEqual(
      new Set(PROJECTS),
    );

    // The template carries the list, and an unlisted name refuses the file by row and column.
    const template = await t.app.inject({
      method: 'GET',
      url: `/api/tier2/buyers/template?primeId=${ctx.primeIdB}`,
      headers: t.auth(ctx.primeToken),
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const notes: string[] = [];
    book.getWorksheet('How To Fill In')!.eachRow((r) => notes.push(String(r.getCell(2).value)));
    for (const p of PROJECTS) expect(notes).toContain(p);
    const bad = [
      ['Total Revenue', '', '', 1_000_000],
      ['Revenue From Buyer', '', '', 100_000],
      ['Direct', 'MBE', 'North Depot', 500],
      ['Direct', 'WBE', 'Airport', 700],
    ];
    expect(await refusal(ctx.primeIdB, bad)).toEqual([
      {
        row: 5,
        column: 'Project / Cost Centre',
        message: "Must be one of the buyer's projects: Substation Upgrade, North Depot",
      },
    ]);
  });

  it('lets the buyer admin change the list, telling the prime; nobody else may', async () => {
    const url = `/api/tier2/primes/breakdown?primeId=${ctx.primeIdB}`;
    const body = { breakdown: 'COST_CENTER', segments: ['CC-100', 'CC-200'] };
    expect((await call('PUT', url, ctx.buyerA.token, body)).statusCode).toBe(404);
    const user = await actor(t.app, t.database.db, 'ROLE_BUYER_USER');
    expect((await call('PUT', url, user.token, body)).statusCode).toBe(403);
    expect((await call('PUT', url, ctx.primeToken, body)).statusCode).toBe(403);
    const empty = await call('PUT', url, ctx.buyerB.token, { breakdown: 'PROJECT', segments: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe('Name at least one project');
    const res = await call('PUT', url, ctx.buyerB.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject(body);
    const [told] = await mailsTo(t.database.db, PRIME_EMAIL);
    expect(told?.subject).toBe(`${ctx.buyerB.name} changed what it asks in your Tier 2 report`);
    expect(told?.body).toContain('per cost centre');
    expect(told?.body).not.toContain('CC-100');
    const buyers = (await call('GET', '/api/tier2/buyers', ctx.primeToken)).json().data;
    expect(buyers.find((b: { primeId: number }) => b.primeId === ctx.primeIdB)).toMatchObject(body);
    // The report already made keeps its projects.
    const kept = await call(
      'GET',
      `/api/tier2/primes/report?primeId=${ctx.primeIdB}&year=2026&quarter=3`,
      ctx.buyerB.token,
    );
    expect(kept.json().data.segmentTotals.map((s: { segment: string }) => s.segment)).toEqual(
      [...PROJECTS].sort(),
    );
  });

  it('keeps the versions a report replaced — who, when, figures — for buyer and prime', async () => {
    const url = `/api/tier2/buyers/report?primeId=${ctx.primeIdA}`;
    const first = { ...FORM, quarter: 1 };
    const second = {
      ...FORM,
      quarter: 1,
      buyerRevenue: 2_000_000,
      direct: [{ diversity: 'HUB', amount: 1_234.56 }],
    };
    const third = { ...second, totalRevenue: 10_000_000 };
    for (const body of [first, second, third]) {
      const res = await call('PUT', url, ctx.primeToken, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const figuresOf = (f: typeof FORM) => ({
      source: 'FORM',
      submittedBy: 'Pat Prime',
      totalRevenue: money(f.totalRevenue),
      buyerRevenue: money(f.buyerRevenue),
      revenueShare: money(Math.round((f.buyerRevenue / f.totalRevenue) * 10_000) / 100),
      directTotal: money(f.direct.reduce((s, l) => s + l.amount, 0)),
      indirectTotal: money(
        f.primeDiverse.reduce((s, l) => s + allocated(l.amount, f.buyerRevenue, f.totalRevenue), 0),
      ),
    });
    for (const [token, path] of [
      [ctx.primeToken, '/api/tier2/buyers/report'],
      [ctx.buyerA.token, '/api/tier2/primes/report'],
    ] as const) {
      const read = await call('GET', `${path}?primeId=${ctx.primeIdA}&year=2026&quarter=1`, token);
      const report = read.json().data;
      expect(report.submittedBy).toBe('Pat Prime');
      expect(report.buyerRevenue).toBe(money(third.buyerRevenue));
      expect(report.history).toEqual([
        expect.objectContaining(figuresOf(second)),
        expect.objectContaining(figuresOf(first)),
      ]);
      const [latest, earlier] = report.history as { submittedAt: string; replacedAt: string }[];
      expect(earlier!.replacedAt <= latest!.replacedAt).toBe(true);
      expect(latest!.submittedAt <= report.submittedAt).toBe(true);
    }
    // Another buyer sees none of it.
    expect(
      (
        await call(
          'GET',
          `/api/tier2/primes/report?primeId=${ctx.primeIdA}&year=2026&quarter=1`,
          ctx.buyerB.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});

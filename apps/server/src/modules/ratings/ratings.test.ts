import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_MESSAGES } from '@spotzcity/shared/ratings';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, signIn, signedInUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rate = (token: string, method: 'POST' | 'PUT', payload: object) =>
  t.app.inject({ method, url: '/api/supplier/rating', headers: t.auth(token), payload });

const list = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/supplier/rating/list',
    headers: t.auth(token),
    payload,
  });

const countOf = (token: string, query: string) =>
  t.app.inject({ url: `/api/supplier/rating/count?${query}`, headers: t.auth(token) });

let duns = 100_000_000;
const nextDuns = () => String((duns += 7919));

describe('POST and PUT /api/supplier/rating', () => {
  it('answers 401 without a token and 403 for a role that may not rate', async () => {
    const payload = { rating: 4, duns: nextDuns(), supplierName: 'Northstar Metals' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/supplier/rating', payload })).statusCode,
    ).toBe(401);
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    expect((await rate(token, 'POST', payload)).statusCode).toBe(403);
    expect((await rate(token, 'PUT', payload)).statusCode).toBe(403);
  });

  it('creates the signed-in user’s rating, whatever rater the body names', async () => {
    const { token, user } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const supplierDuns = nextDuns();
    const res = await rate(token, 'POST', {
      rating: 3.5,
      duns: `${supplierDuns.slice(0, 3)}-${supplierDuns.slice(3, 6)}-${supplierDuns.slice(6)}`,
      supplierName: 'Lakeshore Packaging LLC',
      comment: '  Reliable, a little slow on quotes.  ',
      ratedBy: 'Somebody Else',
      email: 'someone@else.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Rating Submitted Successfully',
      data: {
        rating: 3.5,
        duns: supplierDuns,
        supplierName: 'Lakeshore Packaging LLC',
        comment: 'Reliable, a little slow on quotes.',
        ratedBy: user.name,
        email: user.email,
      },
    });
  });

  it('refuses a second POST for the same supplier; PUT changes the rating instead', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const supplierDuns = nextDuns();
    const created = await rate(token, 'POST', {
      rating: 2,
      duns: supplierDuns,
      supplierName: 'Summit Freight',
    });
    const again = await rate(token, 'POST', {
      rating: 5,
      duns: supplierDuns,
      supplierName: 'Summit Freight',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RATING_MESSAGES.alreadyRated);

    const updated = await rate(token, 'PUT', {
      id: created.json().data.id,
      rating: 4.5,
      comment: 'Much better this quarter',
      duns: supplierDuns,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Rating Submitted Successfully',
      data: { id: created.json().data.id, rating: 4.5, comment: 'Much better this quarter' },
    });

    const byDuns = await rate(token, 'PUT', { rating: 1, duns: supplierDuns });
    expect(byDuns.json().data).toMatchObject({ id: created.json().data.id, rating: 1 });
    const count = await countOf(token, `duns=${supplierDuns}`);
    expect(count.json().data).toEqual({ rating: 1, count: 1 });
  });

  it('never changes another user’s rating: their id is a 404', async () => {
    const owner = await signedInUser(t.app, t.database.db);
    const supplierDuns = nextDuns();
    const created = await rate(owner.token, 'POST', { rating: 5, duns: supplierDuns });
    expect(created.statusCode).toBe(200);
    // A colleague in the same organisation is another rater too.
    const colleague = await createUser(t.database.db, { clientRef: owner.org.id });
    const colleagueToken = await signIn(t.app, colleague.email);
    const res = await rate(colleagueToken, 'PUT', {
      id: created.json().data.id,
      rating: 0.5,
      duns: supplierDuns,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(RATING_MESSAGES.notFound);
    const count = await countOf(owner.token, `duns=${supplierDuns}`);
    expect(count.json().data).toEqual({ rating: 5, count: 1 });
  });

  it('keys a supplier without DUNS by its normalised name', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const first = await rate(token, 'POST', { rating: 4, supplierName: 'Delgado & Sons, Inc.' });
    expect(first.statusCode).toBe(200);
    const same = await rate(token, 'POST', { rating: 2, supplierName: 'DELGADO AND SONS INC' });
    expect(same.statusCode).toBe(409);
    const count = await countOf(token, `supplierName=${encodeURIComponent('Delgado & Sons')}`);
    expect(count.json().data).toEqual({ rating: 4, count: 1 });
  });

  it('checks the rating, the DUNS and that a supplier is named', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    for (const rating of [0, 5.5, 3.3, 'five']) {
      const res = await rate(token, 'POST', { rating, duns: nextDuns() });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'rating', message: RATING_MESSAGES.range }]);
    }
    const missing = await rate(token, 'POST', { duns: nextDuns() });
    expect(missing.json().errors).toEqual([{ field: 'rating', message: 'Required' }]);
    const badDuns = await rate(token, 'POST', { rating: 3, duns: '12345' });
    expect(badDuns.json().errors).toEqual([{ field: 'duns', message: RATING_MESSAGES.duns }]);
    const nobody = await rate(token, 'POST', { rating: 3, comment: 'who?' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().errors).toEqual([
      { field: 'supplierName', message: RATING_MESSAGES.supplierRequired },
    ]);
    const long = await rate(token, 'POST', {
      rating: 3,
      duns: nextDuns(),
      comment: 'x'.repeat(1001),
    });
    expect(long.json().errors).toEqual([
      { field: 'comment', message: 'Must be 1000 characters or less' },
    ]);
  });
});

describe('a supplier’s ratings: list and count', () => {
  const supplierDuns = nextDuns();
  const raters: { token: string; name: string; rating: number; company: string }[] = [];

  beforeAll(async () => {
    // Ratings are platform-wide: raters from several organisations.
    for (const rating of [5, 4.5, 2, 3.5, 4, 1.5, 3]) {
      const { token, user, org } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
      const res = await rate(token, 'POST', {
        rating,
        duns: supplierDuns,
        supplierName: 'Evergreen Staffing',
        comment: `Rated ${rating}`,
      });
      expect(res.statusCode).toBe(200);
      raters.push({ token, name: user.name, rating, company: org.companyName });
    }
  });

  it('answers 401 without a token; a supplier-search user may read them', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/supplier/rating/list', payload: {} }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/supplier/rating/count?duns=${supplierDuns}` })).statusCode,
    ).toBe(401);
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    expect((await list(token, { duns: supplierDuns })).statusCode).toBe(200);
    expect((await countOf(token, `duns=${supplierDuns}`)).statusCode).toBe(200);
  });

  it('pages through the ratings, newest first, with who gave them', async () => {
    const token = raters[0]!.token;
    const page0 = await list(token, { duns: supplierDuns, pageNumber: 0, pageSize: 5 });
    expect(page0.statusCode).toBe(200);
    expect(page0.json()).toMatchObject({ totalCount: 7, pageNumber: 0, pageSize: 5, length: 5 });
    const page1 = await list(token, { duns: supplierDuns, pageNumber: 1, pageSize: 5 });
    expect(page1.json()).toMatchObject({ totalCount: 7, length: 2 });
    const all = [...page0.json().data, ...page1.json().data];
    const newestFirst = [...raters].reverse();
    expect(
      all.map((r: { rating: number; ratedBy: string; comment: string; companyName: string }) => [
        r.rating,
        r.ratedBy,
        r.comment,
        r.companyName,
      ]),
    ).toEqual(newestFirst.map((r) => [r.rating, r.name, `Rated ${r.rating}`, r.company]));
    const nothing = await list(token, { duns: nextDuns() });
    expect(nothing.json()).toMatchObject({ totalCount: 0, data: [] });
    const unnamed = await list(token, {});
    expect(unnamed.statusCode).toBe(400);
  });

  it('counts the ratings and averages them', async () => {
    const res = await countOf(raters[0]!.token, `duns=${supplierDuns}`);
    const sum = raters.reduce((s, r) => s + r.rating, 0);
    expect(res.json()).toEqual({
      message: 'Fetched Successfully',
      data: { rating: Math.round((sum / raters.length) * 100) / 100, count: 7 },
    });
    const none = await countOf(raters[0]!.token, `duns=${nextDuns()}`);
    expect(none.json().data).toEqual({ rating: 0, count: 0 });
  });
});

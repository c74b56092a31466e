import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { setToken } from '../api/token.ts';
import { jsonResponse } from '../test/render.tsx';
import { askForFirstData } from './first-data.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonResponse(200, { message: 'ok', data: {} }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const at = (href: string) => new URL(href, 'http://app.example') as unknown as Location;
const asked = () =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`).sort();

describe('askForFirstData', () => {
  it("asks for the Spend Dashboard's counting figures, with its files and base, beside the profile", () => {
    setToken('tok');
    askForFirstData(
      new QueryClient(),
      at('/home/supplierSpend/report/spend?files=3,1&base=addressable'),
    );
    expect(asked()).toEqual([
      'GET /api/certificates/policy',
      'GET /api/organisation/settings',
      'GET /api/users/profile',
      'POST /api/graph/verifiedSpend?base=addressable',
    ]);
    const body = fetchMock.mock.calls.find(([url]) => String(url).includes('verifiedSpend'))![1]!
      .body;
    expect(JSON.parse(String(body))).toEqual({ selectedIds: [1, 3] });
  });

  it('asks for the profile only on another signed-in page, and nothing without a token', () => {
    setToken('tok');
    askForFirstData(new QueryClient(), at('/home/rfx'));
    expect(asked()).toEqual(['GET /api/users/profile']);

    fetchMock.mockClear();
    localStorage.clear();
    askForFirstData(new QueryClient(), at('/home/supplierSpend/report/spend'));
    askForFirstData(new QueryClient(), at('/login'));
    expect(asked()).toEqual([]);
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { SpendDashboard } from './spend-dashboard.tsx';

// Charts draw on a canvas jsdom does not have; the figures around them are what is tested.
vi.mock('../../../components/echart.tsx', async (original) => ({
  ...(await original<object>()),
  EChart: () => <div />,
}));

afterEach(() => vi.restoreAllMocks());

const NOTE = 'A vendor with several diversity types counts under each of them.';

describe('Spend Dashboard', () => {
  it('says under each per-type figure that a vendor counts under each of its types', async () => {
    // One $100 payment to a supplier that is both MBE and WBE: the types add up to $200.
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      fetchByPath({
        '/api/graph/spendPerDiversity': {
          totalSpend: 100,
          diverseSpend: 100,
          nonDiverseSpend: 0,
          types: [
            { diversity: 'MBE', spend: 100, percentage: 100 },
            { diversity: 'WBE', spend: 100, percentage: 100 },
          ],
        },
        '/api/graph/spendPerDiversityMom': {
          months: ['2025-01'],
          series: [
            { diversity: 'MBE', values: [100], total: 100 },
            { diversity: 'WBE', values: [100], total: 100 },
          ],
          diverse: { values: [100], total: 100 },
          nonDiverse: { values: [0], total: 0 },
        },
        '/api/graph/spendDiversityOverNonDiversity': [],
      }),
    );
    renderRoutes(
      [{ path: '/', element: <SpendDashboard fileIds={[1]} base="all" rule="REPORTED" /> }],
      '/',
    );
    for (const id of ['chart-spend-per-diversity', 'chart-spend-mom']) {
      const card = await screen.findByTestId(id);
      expect((await within(card).findByTestId('counting-note')).textContent).toBe(NOTE);
    }
  });

  it('counts every card of diverse spend under the rule chosen, and says how each card counts', async () => {
    // Reported: $100 MBE of $300; verified: $40 MBE. Each graph answers by the rule it is asked.
    const asked: string[] = [];
    const perType = (mbe: number) => ({
      totalSpend: 300,
      diverseSpend: mbe,
      nonDiverseSpend: 300 - mbe,
      types: [
        { diversity: 'MBE', spend: mbe, percentage: (100 * mbe) / 300 },
        { diversity: 'NON_DIVERSE', spend: 300 - mbe, percentage: (100 * (300 - mbe)) / 300 },
      ],
    });
    const mom = (mbe: number) => ({
      months: ['2025-01'],
      series: [{ diversity: 'MBE', values: [mbe], total: mbe }],
      diverse: { values: [mbe], total: mbe },
      nonDiverse: { values: [300 - mbe], total: 300 - mbe },
    });
    const years = (mbe: number) => [
      { year: 2025, diverse: mbe, nonDiverse: 300 - mbe, total: 300, diversePercentage: 10 },
    ];
    const MBE = { REPORTED: 100, VERIFIED: 40 } as const;
    const other = fetchByPath({
      '/api/graph/programSpend': {
        categories: [
          {
            id: 1,
            name: 'Small & Local',
            kind: 'SMALL',
            rule: 'Small',
            spend: 50,
            share: 16.67,
            suppliers: 1,
          },
        ],
        baseSpend: 300,
        matchedSpend: 200,
        sizeStandards: { effectiveDate: '2023-03-17', source: 'SBA' },
      },
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : (input as Request).url,
        'http://localhost',
      );
      asked.push(`${url.pathname}${url.search}`);
      const verified = url.searchParams.get('rule') === 'verified';
      const mbe = verified ? MBE.VERIFIED : MBE.REPORTED;
      const data: Record<string, unknown> = {
        '/api/graph/spendPerDiversity': perType(mbe),
        '/api/graph/spendPerDiversityMom': mom(mbe),
        '/api/graph/spendDiversityOverNonDiversity': years(mbe),
      };
      if (url.pathname === '/api/tier2/figures') {
        const body = JSON.parse(String(init?.body ?? '{}')) as { countingRule?: string };
        const tier1 = body.countingRule === 'VERIFIED' ? MBE.VERIFIED : MBE.REPORTED;
        return jsonResponse(200, {
          data: {
            year: 2025,
            years: [2025],
            rows: [{ diversity: 'MBE', tier1: String(tier1), direct: '5', indirect: '0' }],
            tier1Diverse: String(tier1),
            directTotal: '5',
            indirectTotal: '0',
            primes: [],
            primesInvited: 1,
          },
        });
      }
      if (url.pathname in data) return jsonResponse(200, { data: data[url.pathname] });
      return other(input);
    });
    renderRoutes(
      [{ path: '/', element: <SpendDashboard fileIds={[1]} base="all" rule="VERIFIED" /> }],
      '/',
    );
    const perTypeCard = await screen.findByTestId('chart-spend-per-diversity');
    expect((await within(perTypeCard).findByTestId('rule-per-type')).textContent).toBe(
      'Counting rule: Verified',
    );
    expect(within(perTypeCard).getByText('$40')).toBeTruthy();
    const momCard = await screen.findByTestId('chart-spend-mom');
    expect((await within(momCard).findByTestId('rule-mom')).textContent).toBe(
      'Counting rule: Verified',
    );
    expect(within(momCard).getByTestId('mom-totals').textContent).toContain('$40');
    const yearsCard = await screen.findByTestId('chart-diverse-by-year');
    expect((await within(yearsCard).findByTestId('rule-years')).textContent).toBe(
      'Counting rule: Verified',
    );
    const programs = await screen.findByTestId('chart-program-categories');
    expect((await within(programs).findByTestId('rule-programs')).textContent).toContain(
      'Counted the same under either counting rule',
    );
    const tier2 = await screen.findByTestId('chart-tier2');
    expect((await within(tier2).findByTestId('rule-tier2')).textContent).toBe(
      'Tier 1 counts verified; Tier 2 counts as the prime suppliers reported it.',
    );
    expect(within(tier2).getAllByText('$40').length).toBeGreaterThan(0);
    // Every graph of diverse spend was asked under the rule, and none as reported.
    const graphs = asked.filter((a) => /spendPerDiversity|spendDiversityOver/.test(a));
    expect(graphs.length).toBeGreaterThanOrEqual(3);
    expect(graphs.every((a) => a.includes('rule=verified'))).toBe(true);
  });
});

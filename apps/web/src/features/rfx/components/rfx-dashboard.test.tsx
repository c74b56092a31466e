import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sourcing } from '@spotzcity/shared/rfx';
import { fetchByPath, onePage, renderRoutes } from '../../../test/render.tsx';
import RfxDashboard from './rfx-dashboard.tsx';

// Charts draw on a canvas jsdom does not have; the figures around them are what is tested.
vi.mock('../../../components/echart.tsx', async (original) => ({
  ...(await original<object>()),
  EChart: ({ 'data-testid': testId }: { 'data-testid'?: string }) => <div data-testid={testId} />,
}));

afterEach(() => vi.restoreAllMocks());

const row = (diversityType: Sourcing['rows'][number]['diversityType'], wonValue: number) => ({
  diversityType,
  invited: 1,
  invitedShare: 50,
  won: 1,
  wonShare: 100,
  wonValue,
  wonValueShare: 100,
});

// One winner tagged MBE and DBE: its contract value shows under both types.
const sourcing: Sourcing = {
  totals: { rfxCount: 1, invited: 2, won: 1, wonValue: 658_500 },
  diverse: {
    invited: 1,
    invitedShare: 50,
    won: 1,
    wonShare: 100,
    wonValue: 658_500,
    wonValueShare: 100,
  },
  rows: [row('MBE', 658_500), row('DBE', 658_500)],
};

describe('RFx dashboard', () => {
  it('says under the Contract Value chart that a vendor counts under each of its types', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      fetchByPath({
        '/api/rfx/dashboard/graph': { MBE: 658_500, DBE: 658_500 },
        '/api/rfx/dashboard/sourcing': sourcing,
        '/api/rfx/dashboard/list': onePage([]),
        '/api/report/analysis': { text: '' },
      }),
    );
    renderRoutes([{ path: '/', element: <RfxDashboard /> }], '/?quaters=Q1&year=2026');
    const card = await screen.findByTestId('rfx-contract-value');
    await within(card).findByTestId('rfx-contract-value-chart');
    expect(within(card).getByTestId('counting-note').textContent).toBe(
      'A vendor with several diversity types counts under each of them.',
    );
    const sourcingCard = await screen.findByTestId('rfx-sourcing');
    expect(within(sourcingCard).getByTestId('counting-note')).toBeTruthy();
  });
});

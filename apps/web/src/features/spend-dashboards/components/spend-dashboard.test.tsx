import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchByPath, renderRoutes } from '../../../test/render.tsx';
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
    renderRoutes([{ path: '/', element: <SpendDashboard fileIds={[1]} base="all" /> }], '/');
    for (const id of ['chart-spend-per-diversity', 'chart-spend-mom']) {
      const card = await screen.findByTestId(id);
      expect((await within(card).findByTestId('counting-note')).textContent).toBe(NOTE);
    }
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchByPath, renderRoutes } from '../../../test/render.tsx';
import CostSavingsDashboard from './cost-savings-dashboard.tsx';

// Charts draw on a canvas jsdom does not have; the figures around them are what is tested.
vi.mock('../../../components/echart.tsx', async (original) => ({
  ...(await original<object>()),
  EChart: ({ 'data-testid': testId }: { 'data-testid'?: string }) => <div data-testid={testId} />,
}));

afterEach(() => vi.restoreAllMocks());

describe('Cost Savings dashboard', () => {
  it("says under 'Savings by Diversity' that a vendor counts under each of its types", async () => {
    const share = { data: { Direct: 100, Indirect: 0 }, amounts: { Direct: 25_000, Indirect: 0 } };
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      fetchByPath({
        '/api/costSaving/graph/totalCostSaving': [{ year: 2025, totalSaving: 25_000 }],
        '/api/costSaving/graph/savingPerCategory': [],
        '/api/costSaving/graph/savingPerDiversity': [
          { ethnicity: 'MBE', ...share },
          { ethnicity: 'WBE', ...share },
        ],
        '/api/report/analysis': { text: '' },
      }),
    );
    renderRoutes([{ path: '/', element: <CostSavingsDashboard onBack={() => {}} /> }], '/');
    const card = await screen.findByTestId('savings-by-diversity');
    expect((await within(card).findByTestId('counting-note')).textContent).toBe(
      'A vendor with several diversity types counts under each of them.',
    );
  });
});

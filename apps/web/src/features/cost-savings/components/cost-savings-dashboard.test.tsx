import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('keeps the chosen years in the address, so that a reload shows the same period', async () => {
    const bodies: unknown[] = [];
    const answer = fetchByPath({
      '/api/costSaving/graph/totalCostSaving': [
        { year: 2024, totalSaving: 10_000 },
        { year: 2025, totalSaving: 25_000 },
      ],
      '/api/costSaving/graph/savingPerCategory': [],
      '/api/costSaving/graph/savingPerDiversity': [],
      '/api/report/analysis': { text: '' },
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/totalCostSaving') && init?.body)
        bodies.push(JSON.parse(String(init.body)));
      return answer(input);
    });
    const { router } = renderRoutes(
      [{ path: '/', element: <CostSavingsDashboard onBack={() => {}} /> }],
      '/?years=2025',
    );
    // Opened with the address of a reload: the period is 2025, asked of the server as such.
    expect((await screen.findByTestId('dashboard-period')).textContent).toContain('2025');
    expect((await screen.findByTestId('dashboard-period')).textContent).not.toContain('All years');
    expect(bodies).toContainEqual({ years: [2025] });
    // Clearing the choice takes the years out of the address.
    const remove = screen.getByTestId('dashboard-years').querySelector('[class*="-item-remove"]');
    fireEvent.click(remove!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

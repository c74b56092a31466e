import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopCategory } from '@spotzcity/shared/spend-dashboards';
import { fetchByPath, renderRoutes } from '../../../test/render.tsx';
import { CategoryDashboard } from './category-dashboard.tsx';

// Charts draw on a canvas jsdom does not have; the table and its notes are what is tested.
vi.mock('../../../components/echart.tsx', async (original) => ({
  ...(await original<object>()),
  EChart: () => <div />,
}));

afterEach(() => vi.restoreAllMocks());

/** antd under jsdom on a loaded machine: a bound on a hang, not a speed the test expects. */
const SLOW = { timeout: 15_000 };

const NOTE =
  'A supplier can count in several categories, so % Of Suppliers can add up to more than 100%.';

const row = (category: string, supplierCount: number, of: number): TopCategory => ({
  category,
  supplierCount,
  supplierPercentage: Math.round((supplierCount * 10_000) / of) / 100,
  spend: 1000,
  spendPercentage: 50,
});

function renderWith(top: TopCategory[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    fetchByPath({
      '/api/graph/categoryPerDiversity': [],
      '/api/graph/categoryPercentage': { categories: [], max: null, min: null },
      '/api/graph/topCategoriesStatatics': top,
    }),
  );
  renderRoutes([{ path: '/', element: <CategoryDashboard fileIds={[1]} base="all" /> }], '/');
}

describe('Category Dashboard', { timeout: 60_000 }, () => {
  it('says why % Of Suppliers adds up to more than 100% when a supplier is in several categories', async () => {
    // Three suppliers; two of them are paid in both categories: 3 of 3 and 2 of 3.
    renderWith([row('IT Services', 3, 3), row('Staffing', 2, 3)]);
    const card = await screen.findByTestId('top-categories', {}, SLOW);
    expect((await within(card).findByTestId('supplier-share-note', {}, SLOW)).textContent).toBe(
      NOTE,
    );
  });

  it('says nothing when each supplier is in one category', async () => {
    renderWith([row('IT Services', 1, 3), row('Staffing', 2, 3)]);
    const card = await screen.findByTestId('top-categories', {}, SLOW);
    await within(card).findByText('Staffing', {}, SLOW);
    expect(within(card).queryByTestId('supplier-share-note')).toBeNull();
  });
});

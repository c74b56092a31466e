import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Paged } from '@spotzcity/shared/api';
import { i18n } from '../i18n/i18n.ts';
import {
  columnsWidth,
  FLEXIBLE_COLUMN_PX,
  InfiniteTable,
  useReloadList,
} from './infinite-table.tsx';

interface Row {
  id: number;
  name: string;
}

const TOTAL = 45;
const PAGE = 20;

function page(pageNumber: number, total = TOTAL): Paged<Row> {
  const start = pageNumber * PAGE;
  const data = Array.from({ length: Math.max(0, Math.min(PAGE, total - start)) }, (_, i) => ({
    id: start + i,
    name: `Row ${start + i}`,
  }));
  return {
    message: 'ok',
    data,
    totalCount: total,
    pageNumber,
    pageSize: PAGE,
    length: data.length,
  };
}

/** The table on `fetchPage`, and `besides` it (controls that reach the list's query client). */
function renderTable(
  fetchPage: (n: number) => Promise<Paged<Row>>,
  endText?: string,
  besides?: ReactNode,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <InfiniteTable<Row>
          queryKey={['rows']}
          fetchPage={(n) => fetchPage(n)}
          columns={[{ title: 'Name', dataIndex: 'name', key: 'name' }]}
          rowKey="id"
          endText={endText}
        />
        {besides}
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

// jsdom has no layout: give every element a 1000 px tall content in a 500 px window.
let scrollTop = 0;
beforeEach(() => {
  scrollTop = 0;
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(() => scrollTop);
});
afterEach(() => vi.restoreAllMocks());

describe('InfiniteTable', () => {
  it('loads page 0, then the next page only within 20 px of the end, and stops at totalCount', async () => {
    const fetchPage = vi.fn(async (n: number) => page(n));
    renderTable(fetchPage);
    expect(await screen.findByText('Row 0')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(1);

    const scroller = screen.getByTestId('infinite-table-scroll');
    scrollTop = 479; // 21 px from the end
    fireEvent.scroll(scroller);
    expect(fetchPage).toHaveBeenCalledTimes(1);

    scrollTop = 480; // 20 px from the end
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Row 20')).toBeTruthy();
    expect(fetchPage).toHaveBeenNthCalledWith(2, 1);

    // Still within the threshold: the rest arrives, and nothing past totalCount is asked for.
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Row 44')).toBeTruthy();
    await act(async () => {
      fireEvent.scroll(scroller);
    });
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([0, 1, 2]);
    expect(screen.getByTestId('infinite-table-count').textContent).toBe('Showing 45 of 45');
  });

  describe("the end-of-list text ('No More Results To Show')", () => {
    const END = 'No More Results To Show';

    it('is absent under a first page that holds the whole list, even of one row', async () => {
      const fetchPage = vi.fn(async (n: number) => page(n, 1));
      renderTable(fetchPage, END);
      expect(await screen.findByText('Row 0')).toBeTruthy();
      await act(async () => {
        fireEvent.scroll(screen.getByTestId('infinite-table-scroll'));
      });
      expect(fetchPage).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(END)).toBeNull();
    });

    it('shows once a later page comes back empty', async () => {
      // The list shrank after page 0 was read: page 1 answers nothing.
      const fetchPage = vi.fn(async (n: number) => (n === 0 ? page(0, 25) : page(n, 20)));
      renderTable(fetchPage, END);
      expect(await screen.findByText('Row 0')).toBeTruthy();
      expect(screen.queryByText(END)).toBeNull();
      scrollTop = 480;
      fireEvent.scroll(screen.getByTestId('infinite-table-scroll'));
      expect(await screen.findByText(END)).toBeTruthy();
      expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([0, 1]);
    });

    it('shows when the user has scrolled to a later page that ends the list', async () => {
      renderTable(async (n) => page(n, 30), END);
      expect(await screen.findByText('Row 0')).toBeTruthy();
      expect(screen.queryByText(END)).toBeNull();
      scrollTop = 480;
      fireEvent.scroll(screen.getByTestId('infinite-table-scroll'));
      expect(await screen.findByText('Row 29')).toBeTruthy();
      expect(await screen.findByText(END)).toBeTruthy();
    });
  });

  it("says 'No Records Found' for an empty list", async () => {
    renderTable(async (n) => page(n, 0));
    await waitFor(() => expect(screen.getAllByText('No Records Found').length).toBeGreaterThan(0));
  });

  it('after a delete, refetches the loaded pages from page 0 and steps back a page it emptied', async () => {
    let total = 21;
    const fetchPage = vi.fn(async (n: number) => page(n, total));
    function Reload({ keepLoadedPages }: { keepLoadedPages: boolean }) {
      const reload = useReloadList();
      return (
        <button type="button" onClick={() => void reload(['rows'], { keepLoadedPages })}>
          {keepLoadedPages ? 'after delete' : 'after add'}
        </button>
      );
    }
    renderTable(
      fetchPage,
      undefined,
      <>
        <Reload keepLoadedPages />
        <Reload keepLoadedPages={false} />
      </>,
    );
    expect(await screen.findByText('Row 0')).toBeTruthy();
    scrollTop = 480;
    fireEvent.scroll(screen.getByTestId('infinite-table-scroll'));
    expect(await screen.findByText('Row 20')).toBeTruthy();
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([0, 1]);

    // The only row of page 1 is deleted: page 0 is fetched again, page 1 is not.
    total = 20;
    fetchPage.mockClear();
    fireEvent.click(screen.getByText('after delete'));
    await waitFor(() =>
      expect(screen.getByTestId('infinite-table-count').textContent).toBe('Showing 20 of 20'),
    );
    expect(screen.queryByText('Row 20')).toBeNull();
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([0]);

    // After an add the list restarts at page 0 alone.
    total = 45;
    fetchPage.mockClear();
    scrollTop = 0;
    fireEvent.click(screen.getByText('after add'));
    await waitFor(() =>
      expect(screen.getByTestId('infinite-table-count').textContent).toBe('Showing 20 of 45'),
    );
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([0]);
  });
});

describe('columnsWidth', () => {
  it('adds the columns’ own widths, a least width for each flexible one and the control columns', () => {
    const columns = [{ width: 124 }, {}, { width: 96 }, { width: '20%' }];
    expect(columnsWidth(columns)).toBe(124 + 96 + 2 * FLEXIBLE_COLUMN_PX);
    expect(columnsWidth(columns, 2)).toBe(124 + 96 + 2 * FLEXIBLE_COLUMN_PX + 2 * 48);
  });
});

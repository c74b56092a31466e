import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiversityEvent } from '@spotzcity/shared/diversity-events';
import { jsonResponse, onePage, renderRoutes, signedInProfile } from '../../test/render.tsx';
import DiversityEventsPage from './diversity-events-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no scrolling; sorting scrolls the table back to its top.
  Element.prototype.scrollTo ??= () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const event: DiversityEvent = {
  id: 1,
  eventType: 'Trade',
  category: 'Supplier Diversity',
  eventName: 'Gulf Coast Supplier Fair',
  city: 'Houston',
  state: 'TX',
  attendance: 1200,
  exhibitor: 80,
  date: '03/12/2027',
  startDate: '2027-03-12',
  description: null,
};

const requests: Record<string, unknown>[] = [];

function serve() {
  requests.length = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/users/profile') {
      return jsonResponse(200, { message: 'ok', data: signedInProfile('ROLE_BUYER_ADMIN') });
    }
    if (url === '/api/diversity_events/list') {
      requests.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return jsonResponse(200, onePage([event]));
    }
    return jsonResponse(404, { message: 'Not Found' });
  });
}

function renderPage() {
  serve();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <Suspense fallback="loading">
            <DiversityEventsPage />
          </Suspense>
        ),
      },
    ],
    '/',
  );
}

describe('Diversity Events', () => {
  it("shows a one-row first page without 'No More Results To Show'", async () => {
    renderPage();
    expect(await screen.findByText('Gulf Coast Supplier Fair')).toBeTruthy();
    expect(screen.getByTestId('events-table-count').textContent).toBe('Showing 1 of 1');
    expect(screen.queryByText('No More Results To Show')).toBeNull();
  });

  it('sorts on startDate, the spec’s name, ascending first', async () => {
    renderPage();
    await screen.findByText('Gulf Coast Supplier Fair');
    // antd's sticky header draws the header row twice; the first is the one in view.
    const header = within(screen.getByTestId('events-table')).getAllByText('Date')[0]!;
    fireEvent.click(header);
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sortOn: 'startDate', sortOrder: 'ASC' }),
    );
    fireEvent.click(header);
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sortOn: 'startDate', sortOrder: 'DESC' }),
    );
  });
});

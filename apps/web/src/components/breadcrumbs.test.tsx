import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Link } from 'react-router';
import { renderRoutes } from '../test/render.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';

describe('Breadcrumbs', () => {
  it('lists the links up from the page, the page itself last and current', async () => {
    renderRoutes(
      [
        {
          path: '/here',
          element: (
            <Breadcrumbs
              data-testid="trail"
              items={[
                { key: 'home', title: <Link to="/home">Supplier Spend Report</Link> },
                { key: 'table', title: <Link to="/table">Table View</Link> },
                { key: 'page', title: 'Spend Dashboard' },
              ]}
            />
          ),
        },
      ],
      '/here',
    );
    const trail = await screen.findByTestId('trail');
    expect(trail.tagName).toBe('NAV');
    expect(trail.getAttribute('aria-label')).toBe('Breadcrumb');
    // Three places and the two separators between them, hidden from screen readers.
    expect(within(trail).getAllByRole('listitem')).toHaveLength(3);
    const items = [...trail.querySelectorAll('li')];
    expect(items.map((i) => i.textContent)).toEqual([
      'Supplier Spend Report',
      '/',
      'Table View',
      '/',
      'Spend Dashboard',
    ]);
    expect(items.filter((i) => i.getAttribute('aria-hidden') === 'true')).toHaveLength(2);
    expect(items[4]!.getAttribute('aria-current')).toBe('page');
    expect(within(trail).getByRole('link', { name: 'Table View' }).getAttribute('href')).toBe(
      '/table',
    );
  });
});

import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Permission } from '@spotzcity/shared/permissions';
import { jsonResponse, page, renderRoutes, signedInProfile } from '../test/render.tsx';
import { SupplierLink, supplierLinkTarget, supplierSearchHref } from './supplier-link.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const profile = (permissions: Permission[]) => signedInProfile('ROLE_BUYER_ADMIN', permissions);

/** A table row with its own click, holding the link, as the spend lists do. */
function renderRow(permissions: Permission[], duns: string | null) {
  fetchMock.mockImplementation(async () =>
    jsonResponse(200, { message: 'ok', data: profile(permissions) }),
  );
  const onRow = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/home/supplierSpend/list',
        element: (
          <Suspense fallback="loading">
            <table>
              <tbody>
                <tr onClick={onRow} data-testid="row">
                  <td>
                    <SupplierLink name="Harbor Point Logistics LLC" duns={duns} />
                  </td>
                </tr>
              </tbody>
            </table>
          </Suspense>
        ),
      },
      { path: '/home/supplierSearch', element: page('search supplier') },
    ],
    '/home/supplierSpend/list',
  );
  return { ...view, onRow };
}

describe('supplier links', () => {
  it('builds the Search Supplier address from the DUNS and the name, and reads it back', () => {
    expect(supplierSearchHref({ name: 'Harbor Point', duns: '804735132' })).toBe(
      '/home/supplierSearch?duns=804735132&name=Harbor+Point',
    );
    // A DUNS the search would refuse (not digits, too long) leaves only the name.
    expect(supplierSearchHref({ name: 'A&B Co', duns: '80-473' })).toBe(
      '/home/supplierSearch?name=A%26B+Co',
    );
    expect(supplierSearchHref({ name: 'X', duns: '1234567890' })).toBe(
      '/home/supplierSearch?name=X',
    );
    expect(supplierLinkTarget(new URLSearchParams('duns=804735132&name=Harbor+Point'))).toEqual({
      name: 'Harbor Point',
      duns: '804735132',
    });
    expect(supplierLinkTarget(new URLSearchParams('name=A%26B+Co&duns=x1'))).toEqual({
      name: 'A&B Co',
      duns: null,
    });
    expect(supplierLinkTarget(new URLSearchParams(''))).toBeNull();
    expect(supplierLinkTarget(new URLSearchParams('duns=abc'))).toBeNull();
  });

  it('opens Search Supplier on a name click without clicking the row', async () => {
    const { router, onRow } = renderRow(['SEARCH_SUPPLIER_VIEW'], '804735132');
    const link = await screen.findByTestId('supplier-link');
    expect(link.getAttribute('href')).toBe(
      '/home/supplierSearch?duns=804735132&name=Harbor+Point+Logistics+LLC',
    );
    fireEvent.click(link);
    await screen.findByText('search supplier');
    expect(router.state.location.pathname).toBe('/home/supplierSearch');
    expect(router.state.location.search).toBe('?duns=804735132&name=Harbor+Point+Logistics+LLC');
    expect(onRow).not.toHaveBeenCalled();
  });

  it('leaves the row click to the rest of the row', async () => {
    const { onRow } = renderRow(['SEARCH_SUPPLIER_VIEW'], null);
    await screen.findByTestId('supplier-link');
    fireEvent.click(screen.getByTestId('row'));
    expect(onRow).toHaveBeenCalledTimes(1);
  });

  it('shows the name as text to a user without Search Supplier', async () => {
    renderRow(['SUPPLIER_SPEND_VIEW'], '804735132');
    await screen.findByText('Harbor Point Logistics LLC');
    expect(screen.queryByTestId('supplier-link')).toBeNull();
  });
});

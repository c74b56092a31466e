import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { jsonResponse } from '../test/render.tsx';
import { AlertProvider } from './alert-modal.tsx';
import { SupplierRating, type OwnRating } from './supplier-rating.tsx';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const supplier = { name: 'Harbor Point Logistics LLC', duns: '804735132' };

function renderStars(current: OwnRating) {
  const onSaved = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <AlertProvider>
        <SupplierRating supplier={supplier} current={current} onSaved={onSaved} />
      </AlertProvider>
    </I18nextProvider>,
  );
  return { onSaved };
}

/** Clicks the whole of the n-th star (1-based) of the row's stars. */
const pickStar = (n: number) => {
  const stars = screen.getByTestId('supplier-rating').querySelectorAll('.ant-rate-star-second');
  fireEvent.click(stars[n - 1]!);
};

const savedReply = (rating: number) =>
  jsonResponse(200, {
    message: 'Rating Submitted Successfully',
    data: { id: 7, rating, duns: supplier.duns, comment: 'Good', supplierName: supplier.name },
  });

describe('SupplierRating', () => {
  it('opens the modal with the star picked and creates a rating the user did not have', async () => {
    const { onSaved } = renderStars({ id: null, rating: 0, comment: null });
    pickStar(4);
    expect(await screen.findByTestId('rating-modal')).toBeTruthy();
    expect(screen.getByTestId('rating-supplier').textContent).toContain(supplier.name);
    fireEvent.change(screen.getByTestId('rating-comment'), { target: { value: ' Good ' } });
    fetchMock.mockResolvedValueOnce(savedReply(4));
    fireEvent.click(screen.getByTestId('rating-submit'));
    expect(await screen.findByText('Rating Submitted Successfully')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/supplier/rating');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      rating: 4,
      comment: 'Good',
      duns: supplier.duns,
      supplierName: supplier.name,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('updates the rating the user already gave, with its id', async () => {
    renderStars({ id: 7, rating: 2, comment: 'Late twice' });
    pickStar(5);
    await screen.findByTestId('rating-modal');
    expect((screen.getByTestId('rating-comment') as HTMLTextAreaElement).value).toBe('Late twice');
    fetchMock.mockResolvedValueOnce(savedReply(5));
    fireEvent.click(screen.getByTestId('rating-submit'));
    await screen.findByText('Rating Submitted Successfully');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 7, rating: 5 });
  });

  it('keeps the earlier stars when the modal is closed without saving', async () => {
    renderStars({ id: 7, rating: 2, comment: null });
    pickStar(5);
    await screen.findByTestId('rating-modal');
    fireEvent.click(screen.getByTestId('rating-cancel'));
    await waitFor(() => expect(screen.queryByTestId('rating-modal')).toBeNull());
    const full = screen
      .getByTestId('supplier-rating')
      .querySelectorAll('.ant-rate-star-full').length;
    expect(full).toBe(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

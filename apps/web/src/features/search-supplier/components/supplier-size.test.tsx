import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SupplierDetail } from '@spotzcity/shared/search-supplier';
import { messageOf, typeInto } from '../../../test/form-fields.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { SupplierSize } from './supplier-size.tsx';

/** antd under jsdom on a loaded machine: a bound on a hang, not a speed the test expects. */
const SLOW = { timeout: 15_000 };

// The size form reads only these of a supplier's facts.
const supplier = { id: 5, annualReceipts: 12_500_000, employeeCount: 40 } as SupplierDetail;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Supplier Size Saved' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const RECEIPTS = 'Must be an amount in dollars from 0 to 9,999,999,999,999';
const EMPLOYEES = 'Must be a whole number of employees from 0 to 10,000,000';

async function openForm() {
  renderRoutes([{ path: '/', element: <SupplierSize supplier={supplier} canEdit /> }], '/');
  fireEvent.click(await screen.findByTestId('supplier-size-edit', {}, SLOW));
  await screen.findByTestId('supplier-size-form', {}, SLOW);
}

describe('SupplierSize', { timeout: 60_000 }, () => {
  it.each([
    ['supplier-size-employees', '-5', EMPLOYEES],
    ['supplier-size-employees', '12a', EMPLOYEES],
    ['supplier-size-receipts', '-5', RECEIPTS],
    ['supplier-size-receipts', '12a', RECEIPTS],
  ])(
    '%s refuses %j with its message, keeps it as typed and saves nothing',
    async (id, text, message) => {
      await openForm();
      const input = typeInto(id, text);
      await waitFor(() => expect(messageOf(id)).toBe(message), SLOW);
      expect(input.value).toBe(text);
      fireEvent.click(screen.getByTestId('supplier-size-save'));
      await waitFor(() => expect(messageOf(id)).toBe(message), SLOW);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('saves grouped and blank figures as the API takes them', async () => {
    await openForm();
    typeInto('supplier-size-employees', '1,200');
    typeInto('supplier-size-receipts', '');
    fireEvent.click(screen.getByTestId('supplier-size-save'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), SLOW);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/searchSupplier/5/size');
    expect(JSON.parse(String(init?.body))).toEqual({ annualReceipts: null, employeeCount: 1200 });
  });
});

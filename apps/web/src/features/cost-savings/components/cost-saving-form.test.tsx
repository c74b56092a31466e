import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { inputOf, messageOf, typeInto } from '../../../test/form-fields.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { CostSavingForm } from './cost-saving-form.tsx';

const record: CostSaving = {
  id: 7,
  businessCategory: 'Freight & Logistics',
  contractYears: 2,
  currentContractAmount: 500_000,
  currentOrNewSuppliers: 'Current Supplier',
  currentSpendPerItem: 12.5,
  startDate: '2025-01-01',
  endDate: '2026-12-31',
  newlyQuotedAmountPerTime: 11,
  newlyQuotedCotractAmount: 450_000,
  precurementDirOrIndir: 'Direct',
  rfxOrOpportunityName: 'RFP-7',
  vendorDiversityCategory: ['MBE'],
  vendorEthnicityCategory: null,
  winnerVandorName: 'Delta Bridge Transport',
  yearlySavings: { savingsFor2025: 25_000, savingsFor2026: 25_000 },
  yearsOfContract: [2025, 2026],
  totalSavings: 50_000,
};

afterEach(() => vi.restoreAllMocks());

function renderForm(onDone = vi.fn()) {
  renderRoutes(
    [
      {
        path: '/',
        element: <CostSavingForm record={record} toList={onDone} />,
      },
    ],
    '/',
  );
  return onDone;
}

describe('CostSavingForm', () => {
  it('says Update Data when editing and sends the case with its id', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(200, { message: 'Updated Successfully', data: record }));
    const onDone = renderForm();
    const submit = await screen.findByTestId('cost-saving-submit');
    expect(submit.textContent).toBe('Update Data');
    fireEvent.click(submit);
    await screen.findByText('Updated Successfully');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/costSaving/create');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      id: 7,
      yearsOfContract: [2025, 2026],
      yearlySavings: { savingsFor2025: 25_000, savingsFor2026: 25_000 },
      winnerVandorName: 'Delta Bridge Transport',
    });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('alert-ok'));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  }, 30_000);

  it("stays on the form after an error's OK and shows the server's field errors", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(400, {
        message: 'Must be 1000000000 equal or less',
        errors: [
          { field: 'yearlySavings.savingsFor2026', message: 'Must be 1000000000 equal or less' },
        ],
      }),
    );
    const onDone = renderForm();
    fireEvent.click(await screen.findByTestId('cost-saving-submit'));
    const alert = await screen.findByTestId('alert-modal');
    expect(alert.dataset.kind).toBe('error');
    fireEvent.click(screen.getByTestId('alert-ok'));
    const form = screen.getByTestId('cost-saving-form');
    await waitFor(() =>
      expect(within(form).getByText('Must be 1000000000 equal or less')).toBeTruthy(),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('cost-saving-form')).toBeTruthy();
  }, 30_000);

  it.each([
    'current-contract-amount',
    'current-spend-per-item',
    'newly-quoted-contract-amount',
    'newly-quoted-amount-per-time',
    'savings-2025',
  ])('refuses a negative %s with its message and keeps what was typed', async (testId) => {
    renderForm();
    await screen.findByTestId(testId);
    const input = typeInto(testId, '-500');
    await waitFor(() => expect(messageOf(testId)).toBe('Must be 0 or more'));
    expect(input.value).toBe('-500');
  });

  it.each(['current-spend-per-item', 'savings-2026'])(
    'refuses letters in %s with its message and keeps what was typed',
    async (testId) => {
      renderForm();
      await screen.findByTestId(testId);
      const input = typeInto(testId, '12.5 each');
      await waitFor(() => expect(messageOf(testId)).toBe('Must be a number'));
      expect(input.value).toBe('12.5 each');
    },
  );

  it('shows the stored amounts with their cents and thousands', async () => {
    renderForm();
    await screen.findByTestId('current-spend-per-item');
    expect(inputOf('current-spend-per-item').value).toBe('12.50');
    expect(inputOf('current-contract-amount').value).toBe('500,000');
  });
});

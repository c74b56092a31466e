import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageOf, typeInto } from '../../../test/form-fields.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ContractForm } from './contract-form.tsx';

function renderForm() {
  renderRoutes([{ path: '/', element: <ContractForm /> }], '/');
}

describe('ContractForm: Contract Value', () => {
  it('refuses a negative value with its message and keeps what was typed', async () => {
    renderForm();
    const input = typeInto('contract-value', '-500');
    await waitFor(() => expect(messageOf('contract-value')).toBe('Must be 0 or more'));
    expect(input.value).toBe('-500');
  });

  it('refuses letters with its message and keeps what was typed', async () => {
    renderForm();
    const input = typeInto('contract-value', '$4,000 approx');
    await waitFor(() => expect(messageOf('contract-value')).toBe('Must be a number'));
    expect(input.value).toBe('$4,000 approx');
  });
});

describe('ContractForm: phones', () => {
  it.each(['vendor-phone', 'owner-phone'])(
    '%s says "Digits only" while letters are typed and keeps every character',
    async (testId) => {
      renderForm();
      const input = typeInto(testId, '12345abc901234', { stay: true });
      await waitFor(() => expect(messageOf(testId)).toBe('Digits only'));
      expect(input.value).toBe('12345abc901234');
    },
  );

  it('says a phone of 11 digits is too long', async () => {
    renderForm();
    typeInto('owner-phone', '13125550147', { stay: true });
    await waitFor(() => expect(messageOf('owner-phone')).toBe('Must be 10 characters or less'));
  });
});

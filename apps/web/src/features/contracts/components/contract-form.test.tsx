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

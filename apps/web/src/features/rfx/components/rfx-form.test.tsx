import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageOf, typeInto } from '../../../test/form-fields.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { RfxForm } from './rfx-form.tsx';

function renderForm() {
  renderRoutes([{ path: '/', element: <RfxForm /> }], '/');
}

describe('RfxForm: Contract Value', () => {
  it('refuses a negative value with its message and keeps what was typed', async () => {
    renderForm();
    const input = typeInto('rfx-contract-value', '-500');
    await waitFor(() => expect(messageOf('rfx-contract-value')).toBe('Must be 0 or more'));
    expect(input.value).toBe('-500');
  });

  it('refuses letters with its message and keeps what was typed', async () => {
    renderForm();
    const input = typeInto('rfx-contract-value', '12abc');
    await waitFor(() => expect(messageOf('rfx-contract-value')).toBe('Must be a number'));
    expect(input.value).toBe('12abc');
  });

  it('accepts an amount and groups its thousands once the field is left', async () => {
    renderForm();
    const input = typeInto('rfx-contract-value', '1250000.5');
    await waitFor(() => expect(input.value).toBe('1,250,000.50'));
    expect(messageOf('rfx-contract-value')).toBeUndefined();
  });
});

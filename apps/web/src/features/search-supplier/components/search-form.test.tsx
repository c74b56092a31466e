import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messageOf, typeInto } from '../../../test/form-fields.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { SearchForm } from './search-form.tsx';

function renderForm() {
  const onSearch = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <SearchForm initial={{}} canUpload={false} onSearch={onSearch} onUpload={() => {}} />
        ),
      },
    ],
    '/',
  );
  return onSearch;
}

describe('SearchForm: digits-only fields', () => {
  it.each([
    ['search-duns', '80473x139'],
    ['search-contact', '312-555-0147'],
  ])('%s says "Digits only" while %j is typed, keeps it and does not search', async (id, text) => {
    const onSearch = renderForm();
    const input = typeInto(id, text, { stay: true });
    await waitFor(() => expect(messageOf(id)).toBe('Digits only'));
    expect(input.value).toBe(text);
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(messageOf(id)).toBe('Digits only'));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('says a contact of 11 digits is too long instead of cutting it', async () => {
    renderForm();
    const input = typeInto('search-contact', '13125550147', { stay: true });
    await waitFor(() => expect(messageOf('search-contact')).toBe('Must be 10 characters or less'));
    expect(input.value).toBe('13125550147');
  });

  it('searches digits as typed', async () => {
    const onSearch = renderForm();
    typeInto('search-duns', '804735', { stay: true });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ duns: '804735' }));
    expect(messageOf('search-duns')).toBeUndefined();
  });
});

describe('SearchForm: NAICS', () => {
  it('searches by NAICS code, the start of a primary or any additional code', async () => {
    const onSearch = renderForm();
    typeInto('search-naics', '4841', { stay: true });
    fireEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ naics: '4841' }));
  });
});

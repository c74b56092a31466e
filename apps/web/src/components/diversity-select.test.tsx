import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiversitySelect } from './diversity.tsx';

/** Opens the select, types `search` and answers the options it then offers. */
async function optionsFor(search: string) {
  render(<DiversitySelect data-testid="diversity" />);
  const input = screen.getByTestId('diversity').querySelector('input') as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: search } });
  return waitFor(() => {
    const options = [...document.querySelectorAll('.ant-select-item-option')].map(
      (o) => o.textContent,
    );
    if (!options.length) throw new Error(`no option for ${search}`);
    return options;
  });
}

describe('the diversity multi-select', () => {
  it("offers Non Diverse under the label every screen shows, 'Non Diverse'", async () => {
    expect(await optionsFor('non')).toEqual(['Non Diverse']);
  });

  it('offers 8A by its name in the spec', async () => {
    expect(await optionsFor('8')).toEqual(['8A']);
  });
});

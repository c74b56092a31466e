import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PlainSegmented } from './plain-segmented.tsx';

const OPTIONS = [
  { value: 'all', label: 'All spend' },
  { value: 'addressable', label: 'Addressable spend' },
] as const;

function Switch({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'all' | 'addressable'>('all');
  return (
    <>
      <span id="what">Percentages of</span>
      <PlainSegmented
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        options={OPTIONS}
        aria-labelledby="what"
        data-testid="switch"
      />
    </>
  );
}

describe('PlainSegmented', () => {
  it('is a group of radio buttons named by its label, the chosen one checked', () => {
    render(<Switch onChange={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: 'Percentages of' });
    expect(group.getAttribute('data-testid')).toBe('switch');
    const [all, addressable] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(screen.getByRole('radio', { name: 'All spend' })).toBe(all);
    expect(all!.checked).toBe(true);
    expect(addressable!.checked).toBe(false);
    // One name: the arrow keys move between them, as between any radio buttons.
    expect(all!.name).toBe(addressable!.name);
  });

  it('chooses the option its label is pressed on, and says so once', () => {
    const onChange = vi.fn();
    render(<Switch onChange={onChange} />);
    fireEvent.click(screen.getByText('Addressable spend'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('addressable');
    expect(
      (screen.getByRole('radio', { name: 'Addressable spend' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { OtpInput, fromSlots, toSlots } from './otp-input.tsx';

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('OtpInput', () => {
  it('renders six labelled boxes', () => {
    render(<Harness />);
    for (let n = 1; n <= 6; n++) expect(box(n)).toBeTruthy();
    expect(screen.queryByLabelText('Digit 7')).toBeNull();
  });

  it('moves focus to the next box as digits are typed', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    expect(value()).toBe('42');
  });

  it('accepts digits only', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    fireEvent.change(box(1), { target: { value: '-' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(box(1).value).toBe('');
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(box(1).value).toBe('7');
  });

  it('fills all six boxes when a whole code is pasted, whichever box has focus', () => {
    render(<Harness />);
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 123-456 ' } });
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('123456');
    expect(value()).toBe('123456');
    expect(document.activeElement).toBe(box(6));
  });

  it('ignores a paste without digits', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'code' } });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('goes back with Backspace from an empty box, clearing the previous digit', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(2));
    expect(value()).toBe('1');
    fireEvent.keyDown(box(2), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(1));
    expect(value()).toBe('');
  });

  it('keeps empty boxes as gaps so a partial code never validates', () => {
    expect(fromSlots(['1', '', '3', '', '', ''])).toBe('1 3');
    expect(toSlots('1 3', 6)).toEqual(['1', '', '3', '', '', '']);
  });
});

/**
 * A dollar amount typed as text, with a "$" prefix. What the user types stays on screen as typed:
 * '-500' or '12abc' is not rewritten into something else but handed to the field's rule, which
 * answers with its message ('Must be 0 or more', 'Must be a number'). The field's value is the
 * number the text stands for (read by the shared `amountOfText`, as the server reads it), the text
 * itself when it is not a number, or null when empty. Leaving the field groups the thousands of a
 * valid amount (1250000 → 1,250,000), which changes how it reads, not what it is.
 */
import { useState, type FocusEvent } from 'react';
import { Input } from 'antd';
import { amountOfText } from '@spotzcity/shared/validation';

export type MoneyValue = number | string | null;

interface MoneyInputProps {
  id?: string;
  value?: MoneyValue;
  onChange?: (value: MoneyValue) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/** The field's value for a text: its number, the text when it is none, null when blank. */
export function moneyValueOf(text: string): MoneyValue {
  const amount = amountOfText(text);
  if (amount === undefined) return null;
  return Number.isNaN(amount) ? text : amount;
}

/** An amount as it reads: thousands grouped, cents only when there are some. */
export function formatAmount(amount: number): string {
  const [whole = '', cents] = String(Math.abs(amount)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 ? '-' : '';
  return cents === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${cents.padEnd(2, '0')}`;
}

const textOf = (value: MoneyValue | undefined) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'number'
      ? formatAmount(value)
      : value;

export function MoneyInput({
  value,
  onChange,
  onBlur,
  'data-testid': testId,
  ...rest
}: MoneyInputProps) {
  const [text, setText] = useState(() => textOf(value));
  // The value last seen, to tell the form setting a value (edit, reset) from our own changes.
  const [seen, setSeen] = useState<MoneyValue | undefined>(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (!Object.is(value ?? null, moneyValueOf(text))) setText(textOf(value));
  }

  return (
    <Input
      {...rest}
      value={text}
      prefix="$"
      inputMode="decimal"
      autoComplete="off"
      onChange={(event) => {
        const next = event.target.value;
        const nextValue = moneyValueOf(next);
        setText(next);
        setSeen(nextValue);
        onChange?.(nextValue);
      }}
      onBlur={(event) => {
        const amount = moneyValueOf(text);
        // Only when the grouped text reads as the same amount (not for 1e-7 and the like).
        if (typeof amount === 'number' && amount >= 0) {
          const grouped = formatAmount(amount);
          if (moneyValueOf(grouped) === amount) setText(grouped);
        }
        onBlur?.(event);
      }}
      data-testid={testId}
    />
  );
}

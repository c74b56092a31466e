/** Typing into a form field as a user does, and reading the message the field shows. */
import { fireEvent, screen } from '@testing-library/react';

/** The text box of a field, whether the test id sits on it or on its wrapper. */
export const inputOf = (testId: string) => {
  const element = screen.getByTestId(testId);
  return (element.querySelector('input') ?? element) as HTMLInputElement;
};

/** Focuses a field, types `text` over what it holds and, unless `stay`, leaves it. */
export function typeInto(testId: string, text: string, { stay = false } = {}) {
  const input = inputOf(testId);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  if (!stay) fireEvent.blur(input);
  return input;
}

/** The message under a field, or undefined when it shows none. */
export const messageOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')
    ?.textContent || undefined;

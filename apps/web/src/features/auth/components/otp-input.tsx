/**
 * Six single-digit boxes for the recovery code (spec 01 "Forgot password"): digits only, typing
 * moves to the next box, Backspace goes back, and pasting a code fills the boxes.
 */
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@spotzcity/shared/validation';

interface OtpInputProps {
  /** The code typed so far; an empty box is a space, trailing spaces are dropped. */
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  length?: number;
  id?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  'aria-describedby'?: string;
}

const DIGIT = /^\d$/;

export function toSlots(value: string | undefined, length: number): string[] {
  return Array.from({ length }, (_, i) => {
    const c = value?.[i] ?? '';
    return DIGIT.test(c) ? c : '';
  });
}

export const fromSlots = (slots: string[]) =>
  slots
    .map((s) => s || ' ')
    .join('')
    .trimEnd();

export function OtpInput({
  value,
  onChange,
  onBlur,
  length = LIMITS.codeLength,
  id,
  disabled,
  autoFocus,
  invalid,
  'aria-describedby': describedBy,
}: OtpInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const slots = toSlots(value, length);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const emit = (next: string[]) => onChange?.(fromSlots(next));

  /** Writes `digits` from box `start` on and moves focus after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...slots];
    const written = digits.slice(0, length - start);
    for (let k = 0; k < written.length; k++) next[start + k] = written[k] ?? '';
    emit(next);
    focusBox(start + written.length);
  };

  const handleChange = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    const current = slots[index] ?? '';
    if (!digits) {
      // Only a deletion changes the box; a typed letter is ignored.
      if (raw === '') emit(slots.map((s, i) => (i === index ? '' : s)));
      return;
    }
    if (digits.length === 1) {
      fill(index, digits);
    } else if (digits.length === 2 && current) {
      // A second digit typed into a filled box replaces it.
      fill(index, digits.startsWith(current) ? digits.slice(1) : digits.slice(0, 1));
    } else {
      // Autofill or a keyboard suggestion put the whole code into one box.
      fill(digits.length >= length ? 0 : index, digits);
    }
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (slots[index]) {
        emit(slots.map((s, i) => (i === index ? '' : s)));
      } else if (index > 0) {
        emit(slots.map((s, i) => (i === index - 1 ? '' : s)));
        focusBox(index - 1);
      }
    } else if (event.key === 'Delete') {
      event.preventDefault();
      emit(slots.map((s, i) => (i === index ? '' : s)));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    // A whole code fills every box whichever box has focus.
    fill(digits.length >= length ? 0 : index, digits);
  };

  return (
    <div
      className={`otp-input${invalid ? ' otp-input-invalid' : ''}`}
      role="group"
      aria-label={t('auth.code')}
      aria-describedby={describedBy}
      data-testid="otp-input"
    >
      {slots.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          id={index === 0 ? id : undefined}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('auth.digit', { n: index + 1 })}
          aria-invalid={invalid || undefined}
          data-testid={`otp-digit-${index + 1}`}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          onChange={(e) => handleChange(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={(e) => handlePaste(index, e)}
          onFocus={(e) => e.target.select()}
          onBlur={onBlur}
        />
      ))}
    </div>
  );
}

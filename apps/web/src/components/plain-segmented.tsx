/**
 * antd's Segmented as plain radio buttons with its looks (./plain-segmented.module.css), for a
 * first screen that shows a choice before antd's code has come: the Spend Dashboard's counting
 * rule and spend base (issue #19). No sliding thumb: the chosen option is drawn chosen at once.
 * The arrow keys move between the options, as between any radio buttons.
 */
import { useId } from 'react';
import css from './plain-segmented.module.css';

export function PlainSegmented<T extends string>({
  value,
  onChange,
  options,
  'aria-labelledby': labelledBy,
  'data-testid': testId,
}: {
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className={css.segmented}
      data-testid={testId}
    >
      <div className={css.group}>
        {options.map((option) => {
          const chosen = option.value === value;
          return (
            <label key={option.value} className={`${css.item}${chosen ? ` ${css.selected}` : ''}`}>
              <input
                type="radio"
                name={name}
                className={css.input}
                checked={chosen}
                onChange={() => onChange(option.value)}
              />
              <div className={css.label} title={option.label}>
                {option.label}
              </div>
            </label>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The base of the Spend and Category Dashboards' percentages: all spend or addressable
 * spend, kept in the URL (`?base=addressable`) beside the file selection, and the line under every
 * figure that uses it ('Base: addressable spend, without Taxes').
 */
import { Segmented, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  SPEND_BASES,
  SPEND_BASE_WORDS,
  spendBaseLine,
  type SpendBase,
} from '@spotzcity/shared/spend-dashboard-words';
import { settingsQuery } from '../../../api/organisation-settings.ts';
import { parseBase } from '../paths.ts';
import css from '../spend-dashboards.module.css';

/** The base in the URL, and a setter that keeps every other parameter. */
export function useSpendBase(): [SpendBase, (base: SpendBase) => void] {
  const [params, setParams] = useSearchParams();
  const base = parseBase(params.get('base'));
  const setBase = (next: SpendBase) => {
    const updated = new URLSearchParams(params);
    if (next === 'all') updated.delete('base');
    else updated.set('base', next);
    setParams(updated, { replace: true });
  };
  return [base, setBase];
}

export function SpendBaseSwitch({
  value,
  onChange,
}: {
  value: SpendBase;
  onChange: (base: SpendBase) => void;
}) {
  return (
    <span className={css.spendBaseSwitch}>
      <Typography.Text type="secondary" id="spend-base-label">
        {SPEND_BASE_WORDS.control}
      </Typography.Text>
      <Segmented<SpendBase>
        aria-labelledby="spend-base-label"
        value={value}
        onChange={onChange}
        options={SPEND_BASES.map((b) => ({ value: b, label: SPEND_BASE_WORDS[b] }))}
        data-testid="spend-base-switch"
      />
    </span>
  );
}

/** 'Base: …' under a figure that uses the base, naming the non-addressable categories. */
export function SpendBaseLine({ base, testId }: { base: SpendBase; testId: string }) {
  const settings = useQuery(settingsQuery());
  if (!settings.data) return null;
  return (
    <Typography.Text type="secondary" className={css.spendBase} data-testid={testId}>
      {spendBaseLine(base, settings.data.nonAddressableCategories)}
    </Typography.Text>
  );
}

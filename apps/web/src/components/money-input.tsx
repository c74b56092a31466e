/**
 * A dollar amount: "$" prefix, thousands separators while typing, cents at most. The value is a
 * number (or null when empty), what the shared schemas' requiredAmount() checks.
 */
import { InputNumber } from 'antd';

interface MoneyInputProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

const format = (value: string | number | undefined) => {
  if (value === undefined || value === '') return '';
  const [whole = '', cents] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === undefined ? grouped : `${grouped}.${cents}`;
};

export function MoneyInput({ value, onChange, 'data-testid': testId, ...rest }: MoneyInputProps) {
  return (
    <InputNumber<number>
      {...rest}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      prefix="$"
      min={0}
      precision={2}
      controls={false}
      formatter={(v) => format(v)}
      parser={(text) => Number((text ?? '').replace(/[^\d.]/g, '')) || 0}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

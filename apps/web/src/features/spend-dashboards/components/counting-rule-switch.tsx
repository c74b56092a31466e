/**
 * The counting rule's control, the same on every dashboard that offers it (the Spend
 * and Goals Dashboards): 'As reported in the file' or 'Verified'.
 */
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COUNTING_RULES,
  COUNTING_RULE_LABELS,
  type CountingRule,
} from '@spotzcity/shared/verified-words';

const OPTIONS = COUNTING_RULES.map((r) => ({ value: r, label: COUNTING_RULE_LABELS[r] }));

export function CountingRuleSwitch({
  value,
  onChange,
  'data-testid': testId,
}: {
  value: CountingRule;
  onChange: (rule: CountingRule) => void;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<CountingRule>
      value={value}
      onChange={onChange}
      options={OPTIONS}
      aria-label={t('verified.countingRule')}
      data-testid={testId}
    />
  );
}

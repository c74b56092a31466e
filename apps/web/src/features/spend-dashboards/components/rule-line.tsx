/**
 * The line under each card of a dashboard that offers the counting rule, saying how the card
 * counts: 'Counting rule: Verified' under a figure that follows the rule, or why it does not (the
 * program categories, Tier 2) — so no card's figure is read under a rule it does not follow.
 */
import { Typography } from 'antd';
import { countingRuleLine, type CountingRule } from '@spotzcity/shared/verified-words';
import css from '../spend-dashboards.module.css';

export function RuleLine({
  rule,
  text,
  testId,
}: {
  /** The rule the card's figures follow; or */
  rule?: CountingRule;
  /** the card's own words when its figures do not follow the rule. */
  text?: string;
  testId: string;
}) {
  return (
    <Typography.Text type="secondary" className={css.spendBase} data-testid={testId}>
      {text ?? (rule ? countingRuleLine(rule) : null)}
    </Typography.Text>
  );
}

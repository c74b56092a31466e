/**
 * The counting rule a dashboard shows: the one chosen on screen, kept in the address
 * (`?rule=verified|reported`) so the exports, a reload and a shared link use the same, else the
 * organisation's default from its policy.
 */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { CountingRule } from '@spotzcity/shared/verified-words';
import { countingPolicyQuery } from '../api/verified.ts';

const IN_ADDRESS: Record<string, CountingRule> = { verified: 'VERIFIED', reported: 'REPORTED' };

/**
 * The rule, the way to choose another, and whether the rule is known yet (in the address, or the
 * policy has come): figures that follow the rule wait for it rather than ask twice.
 */
export function useCountingRule(
  enabled = true,
): [CountingRule, (rule: CountingRule) => void, boolean] {
  const policy = useQuery({ ...countingPolicyQuery(), enabled });
  const [params, setParams] = useSearchParams();
  const inAddress = IN_ADDRESS[params.get('rule') ?? ''];
  const rule = inAddress ?? policy.data?.countingRule ?? ('REPORTED' as const);
  const known = inAddress !== undefined || policy.data !== undefined || policy.isError;
  const choose = (next: CountingRule) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('rule', next.toLowerCase());
        return updated;
      },
      { replace: true },
    );
  return [rule, choose, known];
}

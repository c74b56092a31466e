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

export function useCountingRule(enabled = true): [CountingRule, (rule: CountingRule) => void] {
  const policy = useQuery({ ...countingPolicyQuery(), enabled });
  const [params, setParams] = useSearchParams();
  const rule =
    IN_ADDRESS[params.get('rule') ?? ''] ?? policy.data?.countingRule ?? ('REPORTED' as const);
  const choose = (next: CountingRule) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('rule', next.toLowerCase());
        return updated;
      },
      { replace: true },
    );
  return [rule, choose];
}

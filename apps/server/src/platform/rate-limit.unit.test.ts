import { describe, expect, it } from 'vitest';
import { AccountLimiter } from './rate-limit.ts';
import { organisationBlock } from './auth.ts';

describe('AccountLimiter', () => {
  it('blocks a key after max hits until the window passes', () => {
    let now = 1_000;
    const limiter = new AccountLimiter(2, 60_000, () => now);
    expect(limiter.blocked('a')).toBe(false);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.blocked('a')).toBe(true);
    expect(limiter.blocked('b')).toBe(false);
    now += 60_000;
    expect(limiter.blocked('a')).toBe(false);
  });

  it('forgets a key on reset', () => {
    const limiter = new AccountLimiter(1, 60_000);
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.blocked('a')).toBe(false);
  });
});

describe('organisationBlock', () => {
  const open = { status: 'ENABLE', contractEndAt: null, deletedAt: null };
  it('lets an enabled organisation in, and keeps disabled, ended or deleted ones out', () => {
    expect(organisationBlock(open)).toBeNull();
    expect(organisationBlock({ ...open, status: 'DISABLE' })).toMatch(/disabled/);
    expect(organisationBlock({ ...open, contractEndAt: '2024-06-30' }, '2024-07-01')).toMatch(
      /ended/,
    );
    expect(organisationBlock({ ...open, contractEndAt: '2024-06-30' }, '2024-06-30')).toBeNull();
    expect(organisationBlock({ ...open, deletedAt: new Date() })).toMatch(/no longer/);
  });
});

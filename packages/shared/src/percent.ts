/**
 * Shares of a whole as percentages with two decimals that add up to exactly 100.00 (market share,
 * Direct vs Indirect savings). Amounts are read as exact decimals (the database's numeric strings)
 * and the split is done in integers: each share is floored to the hundredth of a percent and the
 * hundredths still missing go, one each, to the shares with the largest remainders (ties to the
 * earlier share). Rounding each share on its own can give 99.99 or 100.01; this never does.
 */

/** An amount in cents, exactly: '1234.5' → 123450n. More than two decimals are truncated. */
export function toCents(value: string | number): bigint {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 0n;
  const whole = BigInt(match[2] || '0');
  const cents = BigInt(((match[3] ?? '') + '00').slice(0, 2));
  const magnitude = whole * 100n + cents;
  return match[1] ? -magnitude : magnitude;
}

/** Cents back to a number of dollars (exact for any amount a numeric(14,2) sum can reach). */
export const fromCents = (cents: bigint) => Number(cents) / 100;

/**
 * Percentages (two decimals) of each amount in their sum, adding up to exactly 100.00. A negative
 * amount (a credit that outweighs the payments) counts as 0; when nothing is positive every share
 * is 0.
 */
export function percentShares(amounts: readonly (string | number)[]): number[] {
  const cents = amounts.map((a) => {
    const c = toCents(a);
    return c > 0n ? c : 0n;
  });
  const total = cents.reduce((sum, c) => sum + c, 0n);
  if (total === 0n) return cents.map(() => 0);
  const WHOLE = 10_000n; // 100.00 % in hundredths of a percent
  const floors = cents.map((c) => (c * WHOLE) / total);
  const remainders = cents.map((c) => (c * WHOLE) % total);
  let missing = WHOLE - floors.reduce((sum, f) => sum + f, 0n);
  const order = remainders
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (missing === 0n) break;
    floors[i] = floors[i]! + 1n;
    missing -= 1n;
  }
  return floors.map((f) => Number(f) / 100);
}

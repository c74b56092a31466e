import { afterEach, describe, expect, it } from 'vitest';
import { endOfDay, startOfDay, timezoneOffset } from './wire-dates.ts';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('wire dates', () => {
  it.each([
    ['America/Chicago', '2025-03-01', '-06:00', 360],
    ['America/Chicago', '2025-07-01', '-05:00', 300],
    ['Asia/Kolkata', '2025-03-01', '+05:30', -330],
    ['Pacific/Kiritimati', '2025-12-31', '+14:00', -840],
  ])('in %s sends %s as its own wall day with offset %s', (tz, day, offsetText, offset) => {
    process.env.TZ = tz;
    expect(startOfDay(day)).toBe(`${day}T00:00:00${offsetText}`);
    expect(endOfDay(day)).toBe(`${day}T23:59:59${offsetText}`);
    expect(timezoneOffset(day)).toBe(offset);
  });
});

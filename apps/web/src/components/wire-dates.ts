/**
 * How a picked calendar day travels to the API: as the user's wall time with its
 * UTC offset, start dates at 00:00:00 and end dates at 23:59:59, plus `offset` (the day's
 * getTimezoneOffset()). The server keeps the wall date, so the day never shifts between zones.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** '+05:30' / '-06:00' for the user's zone on that local date and time. */
function offsetText(local: Date) {
  const minutes = -local.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const at = (date: string, time: string) =>
  `${date}T${time}${offsetText(new Date(`${date}T${time}`))}`;

/** '2025-03-01' → '2025-03-01T00:00:00-06:00' */
export const startOfDay = (date: string) => at(date, '00:00:00');

/** '2025-03-01' → '2025-03-01T23:59:59-06:00' */
export const endOfDay = (date: string) => at(date, '23:59:59');

/** The spec's `offset`: minutes west of UTC on that day (JavaScript's getTimezoneOffset()). */
export const timezoneOffset = (date: string) => new Date(`${date}T00:00:00`).getTimezoneOffset();

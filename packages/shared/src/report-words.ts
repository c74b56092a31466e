/**
 * A report's key and the exports' sizes, without the request schemas of ./reports.ts (which
 * re-exports them): a dashboard's first screen uses them without loading zod.
 */

export const CAPTURE_SIZE = { width: 1600, height: 900 } as const;
export const PRINT_WINDOW = { width: 1280, height: 720, delayMs: 250 } as const;
export const ANALYSIS_MAX = 10_000;

/** A stable key for a report and its selection: same dashboard and selection → same key. */
export function reportKey(dashboard: string, selection: Record<string, unknown>): string {
  const parts = Object.keys(selection)
    .sort()
    .map((key) => {
      const value = selection[key];
      const text = Array.isArray(value)
        ? [...value].map(String).sort().join(',')
        : String(value ?? '');
      return `${key}=${text}`;
    });
  return `${dashboard}?${parts.join('&')}`.slice(0, 200);
}

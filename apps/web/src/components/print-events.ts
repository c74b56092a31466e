/**
 * The print events and the work that must happen before printing, apart from print.ts (which
 * brings the report settings and their schemas along): the shell uses them too, and its first
 * load has no room for those (`npm run size`).
 */
type Preparation = () => Promise<unknown>;
const preparations = new Set<Preparation>();

/** Registers what must happen before printing (loading a list's remaining pages). */
export function registerPrintPreparation(prepare: Preparation) {
  preparations.add(prepare);
  return () => {
    preparations.delete(prepare);
  };
}

/** Runs every registered preparation; resolves when all are done. */
export function runPrintPreparations() {
  return Promise.all([...preparations].map((prepare) => prepare()));
}

export const printQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('print')
    : null;

/**
 * Calls `changed` whenever the page goes to or comes back from print, with whether it is printed
 * now (charts take its width; tables drop their pages).
 */
export function onPrintChange(changed: (printing: boolean) => void) {
  const media = printQuery();
  const before = () => changed(true);
  const after = () => changed(false);
  const change = (event: MediaQueryListEvent) => changed(event.matches);
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  media?.addEventListener('change', change);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
    media?.removeEventListener('change', change);
  };
}

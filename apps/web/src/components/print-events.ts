/**
 * The print events and the work that must happen before printing, apart from print.ts (which
 * brings the report settings and their schemas along): the shell uses them too, and its first
 * load has no room for those (issue #19, `npm run size`).
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

/** Calls `redraw` whenever the page goes to or comes back from print (charts take its width). */
export function onPrintChange(redraw: () => void) {
  const media = printQuery();
  window.addEventListener('beforeprint', redraw);
  window.addEventListener('afterprint', redraw);
  media?.addEventListener('change', redraw);
  return () => {
    window.removeEventListener('beforeprint', redraw);
    window.removeEventListener('afterprint', redraw);
    media?.removeEventListener('change', redraw);
  };
}

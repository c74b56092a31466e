import { onPrintChange, registerPrintPreparation } from './print.ts';

/**
 * Work for a part of the page the reader may not see yet: `soon` runs when the element
 * comes near the window (within half a window's height), or once the page has been idle for a
 * while, so that what is further down the page is ready without holding up what the reader can
 * see while it loads; `now` runs before printing (Print, Ctrl+P, print media) so that the paper
 * shows it all (printing waits for the promise `now` may return). Each runs once, and only one
 * of them. Returns how to stop waiting.
 *
 * Without IntersectionObserver (jsdom) `soon` runs at once.
 */
export function whenNeeded(
  element: Element,
  { soon, now }: { soon: () => void; now: () => void | Promise<void> },
): () => void {
  let waiting = true;
  let idle: number | undefined;
  const once = (run: () => void | Promise<void>) => () => {
    if (!waiting) return;
    stop();
    return run();
  };
  const runSoon = once(soon);
  const visible =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.isIntersecting)) runSoon();
          },
          { rootMargin: NEAR },
        )
      : null;
  if (visible) visible.observe(element);
  else queueMicrotask(runSoon);
  const timer = window.setTimeout(() => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(runSoon, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(runSoon, 0);
  }, IDLE_AFTER_MS);
  const runNow = once(now);
  const stopPrint = onPrintChange(runNow);
  // Made while the page is printed (a card's body rendered for the paper): at once.
  if (typeof window.matchMedia === 'function' && window.matchMedia('print').matches) {
    queueMicrotask(runNow);
  }
  const stopPreparation = registerPrintPreparation(async () => runNow());
  function stop() {
    waiting = false;
    visible?.disconnect();
    window.clearTimeout(timer);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
    }
    stopPrint();
    stopPreparation();
  }
  return () => {
    if (waiting) stop();
  };
}

/** How near the window counts as near: half its height above and below. */
const NEAR = '50% 0px';
/** The page's load is over by then (a dashboard's queries answered, what is seen drawn). */
const IDLE_AFTER_MS = 2500;
const IDLE_TIMEOUT_MS = 5000;

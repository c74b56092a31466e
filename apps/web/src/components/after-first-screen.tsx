import {
  Suspense,
  createElement,
  startTransition,
  use,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { onPrintChange, registerPrintPreparation } from './print-events.ts';

/**
 * A part of a page below its first screen (a dashboard's lower cards), rendered once the first
 * screen has painted, one such part per task (docs/first-load.md): React commits
 * a render whole, and the first screen's commit carried every card of the page, with their
 * styles and layout, before anything was painted. The parts come in the order they were made,
 * each after the browser has painted the one before. Printing renders them at once.
 *
 * The placeholder (none by default) stands in until then; what is below the first screen moves
 * nothing the reader sees when it comes.
 *
 * With `load` (a `lazyPart`'s, or any stable function that loads the part's code), the part's
 * code is a chunk of its own, asked for once the first screen is complete (its parts that wait
 * for their figures have painted them, `useFirstScreenPending`), every such part's at once; each
 * still comes in its turn, once its code has come. The first screen's files then arrive without
 * the code it does not show sharing the line: every file that arrives before the largest paint
 * delays it. Printing loads it first.
 */
export function AfterFirstScreen({
  children,
  placeholder = null,
  load,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
  load?: () => Promise<unknown>;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    let gone = false;
    let revealed = false;
    const show = () => {
      if (!gone) startTransition(() => setShown(true));
    };
    let stopWaiting = () => {};
    let reveal = () => {
      revealed = true;
      show();
    };
    if (load) {
      // A failed load shows the part all the same: it says so (lazyPart).
      const loaded = new Promise<void>((resolve) => {
        stopWaiting = whenFirstScreenComplete(resolve);
      }).then(() => load());
      reveal = () => {
        revealed = true;
        void loaded.then(show, show);
      };
    }
    enqueue(reveal);
    const showNow = () => flushSync(() => setShown(true));
    const stopPrint = onPrintChange(showNow);
    const stopPreparation = registerPrintPreparation(async () => {
      await load?.();
      showNow();
    });
    return () => {
      gone = true;
      dequeue(reveal);
      stopWaiting();
      stopPrint();
      stopPreparation();
      // Shown (or gone after its turn came): the next part after the browser has painted this one.
      if (revealed) afterPaint(next);
    };
  }, [shown, load]);
  // A lazy part printed before its code came (Ctrl+P) keeps its placeholder until it comes.
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/**
 * A component whose code loads when first needed, for AfterFirstScreen's `load`:
 *
 *   const Cards = lazyPart(() => import('./cards.tsx').then((m) => m.Cards));
 *   <AfterFirstScreen load={Cards.load}><Cards fileIds={fileIds} /></AfterFirstScreen>
 *
 * Unlike React.lazy, once loaded it renders in the same render (printing renders the page's
 * parts synchronously); a failed load is tried again on the next render.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Part(props: P) {
    return createElement(loaded ?? use(start()), props);
  }
  return Object.assign(Part, { load: start });
}

/** First-screen parts still waiting for their figures, and the loads waiting for them. */
let pendingParts = 0;
const waitingForFirstScreen = new Set<() => void>();

/**
 * While `pending`, the page's first screen is not complete (a card whose figures have not come):
 * the lazily loaded parts wait (AfterFirstScreen's `load`), two seconds at most. A failed query
 * is not pending.
 */
export function useFirstScreenPending(pending: boolean) {
  useEffect(() => {
    if (!pending) return;
    pendingParts += 1;
    return () => {
      pendingParts -= 1;
      // Once the browser shows what the part now shows.
      if (pendingParts === 0) afterShown(releaseWaiting);
    };
  }, [pending]);
}

/**
 * False until the page's first screen is complete (AfterFirstScreen's `load` says when), then
 * true: for what a page asks the server for but does not show on its first screen (a dashboard's
 * saved analysis, the help's e-mail address), so that its request and its render come after the
 * first screen's, not in the middle of them.
 */
export function useFirstScreenComplete(): boolean {
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    if (complete) return;
    return whenFirstScreenComplete(() => setComplete(true));
  }, [complete]);
  return complete;
}

/** A Suspense fallback while a first screen's own code loads (a dashboard of a chunk of its own). */
export function FirstScreenPending() {
  useFirstScreenPending(true);
  return null;
}

/**
 * Each waiting load in a task of its own: asking for a part's code adds a link for each of its
 * files to the page, and a dashboard's two dozen parts asked at once made one long task.
 */
function releaseWaiting() {
  if (pendingParts > 0) return;
  for (const run of waitingForFirstScreen) {
    // Still waiting then: not cancelled, nor run by its timer.
    window.setTimeout(() => {
      if (waitingForFirstScreen.delete(run)) run();
    }, 0);
  }
}

/**
 * The longest the lazily loaded parts wait for the first screen: figures that take longer do not
 * keep the page's controls (the export bar) away.
 */
const FIRST_SCREEN_WAIT_MS = 2000;

/**
 * Runs `run` after the next paint once the first screen is complete, or after
 * FIRST_SCREEN_WAIT_MS; returns a canceller.
 */
function whenFirstScreenComplete(run: () => void) {
  waitingForFirstScreen.add(run);
  // Once a frame is shown: the effects of the commit that made this part (and its first screen)
  // have run.
  afterShown(releaseWaiting);
  const late = window.setTimeout(() => {
    if (waitingForFirstScreen.delete(run)) run();
  }, FIRST_SCREEN_WAIT_MS);
  return () => {
    window.clearTimeout(late);
    waitingForFirstScreen.delete(run);
  };
}

const waiting: Array<() => void> = [];
let running = false;

function enqueue(reveal: () => void) {
  waiting.push(reveal);
  if (running) return;
  running = true;
  afterPaint(next);
}

function dequeue(reveal: () => void) {
  const at = waiting.indexOf(reveal);
  if (at >= 0) waiting.splice(at, 1);
}

function next() {
  const reveal = waiting.shift();
  if (reveal) reveal();
  else running = false;
}

/**
 * Once the next frame is on the screen, not only painted: the browser shows a frame some time after
 * it has painted it, and a load asked for in between delays the first screen as if it had waited
 * for it.
 */
const SHOWN_MS = 50;

function afterShown(run: () => void) {
  if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => window.setTimeout(run, SHOWN_MS));
  else window.setTimeout(run, SHOWN_MS);
}

/** After the next paint: a frame, then a task of its own. */
function afterPaint(run: () => void) {
  if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => window.setTimeout(run, 0));
  else window.setTimeout(run, 0);
}

import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { onPrintChange, registerPrintPreparation } from './print-events.ts';

/**
 * A part of a page below its first screen (a dashboard's lower cards), rendered once the first
 * screen has painted, one such part per task (issue #19, the signed-in first load): React commits
 * a render whole, and the first screen's commit carried every card of the page, with their
 * styles and layout, before anything was painted. The parts come in the order they were made,
 * each after the browser has painted the one before. Printing renders them at once.
 *
 * The placeholder (none by default) stands in until then; what is below the first screen moves
 * nothing the reader sees when it comes.
 */
export function AfterFirstScreen({
  children,
  placeholder = null,
}: {
  children: ReactNode;
  placeholder?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    let revealed = false;
    const reveal = () => {
      revealed = true;
      startTransition(() => setShown(true));
    };
    enqueue(reveal);
    const showNow = () => flushSync(() => setShown(true));
    const stopPrint = onPrintChange(showNow);
    const stopPreparation = registerPrintPreparation(async () => showNow());
    return () => {
      dequeue(reveal);
      stopPrint();
      stopPreparation();
      // Shown (or gone before it was): the next part after the browser has painted this one.
      if (revealed) afterPaint(next);
    };
  }, [shown]);
  return shown ? children : placeholder;
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

/** After the next paint: a frame, then a task of its own. */
function afterPaint(run: () => void) {
  if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => window.setTimeout(run, 0));
  else window.setTimeout(run, 0);
}

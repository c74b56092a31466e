/**
 * Printing a dashboard with the page's own print stylesheet (components/print.css): no shell or
 * buttons, charts redrawn at the paper's width, every table row. Lists that load page by page
 * register how to load the rest, so Print waits for every row before it prints; Ctrl+P prints
 * what is loaded (such a list then says how many rows it holds).
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { PRINT_WINDOW } from '@spotzcity/shared/report-words';
import { onPrintChange, printQuery, runPrintPreparations } from './print-events.ts';

export { onPrintChange, registerPrintPreparation } from './print-events.ts';

/** Loads what the page still lacks, lets the layout settle, then opens the print dialog. */
export async function printDashboard() {
  await runPrintPreparations();
  // As the spec's print: called 250 ms after the content is written.
  await new Promise((resolve) => setTimeout(resolve, PRINT_WINDOW.delayMs));
  window.print();
}

/**
 * True while the page is printed (Ctrl+P, Print, or print media emulated): tables drop their
 * client-side pages. The change is rendered synchronously so that it is in the printed layout.
 */
export function usePrinting() {
  const [printing, setPrinting] = useState(() => printQuery()?.matches ?? false);
  useEffect(() => onPrintChange((value) => flushSync(() => setPrinting(value))), []);
  return printing;
}

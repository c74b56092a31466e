/**
 * axe-core in the page: the serious and critical violations of what is on screen now,
 * a whole route or a route with a dialog open. Shared by layout.e2e.ts and dialogs.e2e.ts.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = (
  createRequire(import.meta.url)('axe-core') as {
    source: string;
  }
).source;

/**
 * Findings inside a library's own markup that a user cannot meet, each with the reason. Only
 * the nodes matching are set aside: the same rule anywhere else still fails the test.
 */
const LIBRARY_FINDINGS = [
  {
    // antd's scrolling tables keep an aria-hidden row of empty cells to measure column widths;
    // axe counts its cells' tabindex-less divs as focusable. Nothing there takes focus.
    id: 'aria-hidden-focus',
    target: /ant-table-measure-row/,
  },
];

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now, one line each. */
export async function axeViolations(page: Page) {
  // Evaluated through the debugging protocol, so the page's Content-Security-Policy allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(o: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  });
  return violations
    .map((v) => ({
      ...v,
      nodes: v.nodes.filter(
        (n) => !LIBRARY_FINDINGS.some((f) => f.id === v.id && f.target.test(n.target.join(' '))),
      ),
    }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
      return `${v.id} (${v.impact}): ${v.help} — ${where.join(', ')}`;
    });
}

/**
 * When a journey fails, a picture of each open page goes to ./screenshots as
 * `FAILED <test name>.png`: a step that timed out says what it waited for, not what was on the
 * screen instead (an open dialog, an error alert).
 */
import { beforeEach } from 'vitest';
import { SCREENSHOTS, openPages } from './browser.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const name = task.name.replace(/[^\w .,-]+/g, '_').slice(0, 120);
    let index = 0;
    for (const page of openPages) {
      index += 1;
      const suffix = openPages.size > 1 ? ` ${index}` : '';
      await page
        .screenshot({
          path: path.join(SCREENSHOTS, `FAILED ${name}${suffix}.png`),
          timeout: 10_000,
        })
        .catch(() => undefined);
    }
  });
});

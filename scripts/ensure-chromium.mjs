// The browser tests drive Debian's Chromium (no test tool may download its own browser).
// Installs it with apt-get when it is missing and we may; otherwise says exactly what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('Chromium is missing: installing Debian’s chromium package for the browser tests…');
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
      },
    );
    if (existsSync(CHROMIUM)) return CHROMIUM;
  }
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}. Install it with:\n\n` +
      `    sudo apt-get update && sudo apt-get install -y chromium\n\n` +
      `(or point CHROMIUM_PATH at an installed Chromium), then run npm test again.`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

// `npm test`: builds the web app and checks its first-load weight (`npm run size`), makes sure
// Chromium is there, then runs every Vitest project (unit, web, api on PGlite, api-pg when
// TEST_DATABASE_URL is set, e2e) in one run.
//   node scripts/test.mjs            everything
//   node scripts/test.mjs --no-e2e   without the browser suite
//   node scripts/test.mjs --e2e-only only the browser suite
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const args = process.argv.slice(2);
const noE2e = args.includes('--no-e2e');
const e2eOnly = args.includes('--e2e-only');
const passThrough = args.filter((a) => !['--no-e2e', '--e2e-only'].includes(a));

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const projects = e2eOnly
  ? ['e2e']
  : [
      'unit',
      'web',
      'api',
      ...(process.env.TEST_DATABASE_URL ? ['api-pg'] : []),
      ...(noE2e ? [] : ['e2e']),
    ];

if (projects.includes('e2e')) {
  ensureChromium();
  run('npm', ['run', 'build', '--silent']);
  // Reads the build just made: a fraction of a second, and a failure before the long run.
  run('node', ['scripts/size.mjs']);
}
run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...passThrough]);

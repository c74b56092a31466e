// `npm run lighthouse`: Lighthouse's performance, accessibility and best-practices scores for the
// login page and a signed-in dashboard, with the figures behind performance, on Debian's Chromium.
// Not part of `npm test` (a run takes minutes and its figures move with the machine's load).
//
//   npm run build && npm run lighthouse          starts the built server on a fresh embedded
//                                                database with the demo data, measures, stops it
//   LIGHTHOUSE_URL=http://host:3000 npm run lighthouse   measures a running server instead
//
// LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD sign in for the dashboard (default: the demo buyer admin).
// Lighthouse's default profile: a mid-range phone on a slow 4G connection (simulated throttling).
// Lighthouse 12: version 13 needs Node 22, and the project runs on Node 20.
import { startBuiltServer } from './built-server.mjs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const EMAIL = process.env.LIGHTHOUSE_EMAIL ?? 'buyer.admin@acme.example';
const PASSWORD = process.env.LIGHTHOUSE_PASSWORD ?? 'Demo@2020';
const PAGES = [
  { name: '/login', path: '/login', signedIn: false },
  { name: 'Spend Dashboard (signed in)', path: '/home/supplierSpend/report/spend', signedIn: true },
];

async function signIn(url) {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${EMAIL} failed: ${res.status}`);
  return (await res.json()).accessToken;
}

const server = process.env.LIGHTHOUSE_URL
  ? { url: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop() {} }
  : await startBuiltServer({ waitMinutes: 2 });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const rows = [];
/** `npm run lighthouse -- --details`: where the main thread's time went, per page. */
const DETAILS = process.argv.includes('--details');
/** LIGHTHOUSE_SAVE=dir: each page's full report (JSON) and its trace written there, for a closer look. */
const SAVE = process.env.LIGHTHOUSE_SAVE;

function printDetails(name, audits) {
  const top = (id, n, pick) => (audits[id]?.details?.items ?? []).slice(0, n).map(pick);
  console.log(`\n${name}: main-thread work by script (ms, CPU-throttled)`);
  console.table(
    top('bootup-time', 6, (i) => ({
      script: String(i.url).replace(/^https?:\/\/[^/]+/, ''),
      total: Math.round(i.total),
      evaluation: Math.round(i.scripting),
      parse: Math.round(i.scriptParseCompile),
    })),
  );
  console.log(`${name}: long tasks`);
  console.table(
    top('long-tasks', 8, (i) => ({
      script: String(i.url).replace(/^https?:\/\/[^/]+/, ''),
      start: Math.round(i.startTime),
      ms: Math.round(i.duration),
    })),
  );
  console.log(`${name}: largest contentful paint element`);
  console.log(
    top(
      'largest-contentful-paint-element',
      1,
      (i) => i.items?.[0]?.node?.snippet ?? i.node?.snippet,
    ),
  );
}
try {
  const token = await signIn(server.url);
  for (const page of PAGES) {
    // The app keeps its token in localStorage: a first visit stores it, then the measured load
    // runs with storage kept (Lighthouse clears it by default).
    const result = await lighthouse(
      `${server.url}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: page.signedIn,
      },
      undefined,
      page.signedIn ? await withToken(chrome.port, server.url, token) : undefined,
    );
    const { categories, audits } = result.lhr;
    if (SAVE) {
      const { mkdirSync, writeFileSync } = await import('node:fs');
      mkdirSync(SAVE, { recursive: true });
      const file = `${SAVE}/${page.signedIn ? 'dashboard' : 'login'}.json`;
      writeFileSync(file, JSON.stringify(result.lhr));
      // The load's trace beside it: the tasks behind the long-task audit, for a closer look.
      const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
      if (trace) writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
    }
    if (DETAILS) printDetails(page.name, audits);
    rows.push({
      page: page.name,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      'best practices': Math.round(categories['best-practices'].score * 100),
      FCP: audits['first-contentful-paint'].displayValue,
      LCP: audits['largest-contentful-paint'].displayValue,
      TBT: audits['total-blocking-time'].displayValue,
      transferred: `${Math.round(audits['total-byte-weight'].numericValue / 1024)} KiB`,
    });
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.table(rows);

/**
 * Stores the token in the page's origin before the measured load: opens the origin once in the
 * same Chromium (its storage persists in the profile) and writes localStorage there.
 */
async function withToken(port, url, accessToken) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserWSEndpoint: version.webSocketDebuggerUrl });
  const tab = await browser.newPage();
  await tab.goto(`${url}/login`);
  await tab.evaluate((t) => localStorage.setItem('accessToken', t), accessToken);
  await tab.close();
  await browser.disconnect();
  return undefined;
}

// `npm run lighthouse`: Lighthouse's performance, accessibility and best-practices scores for the
// login page and a signed-in dashboard, with the figures behind performance, on Debian's Chromium.
// Not part of `npm test` (a run takes minutes and its figures move with the machine's load).
//
//   npm run build && npm run lighthouse          starts the built server on a fresh embedded
//                                                database with the demo data, measures, stops it
//   LIGHTHOUSE_URL=http://host:3000 npm run lighthouse   measures a running server instead
//
// LIGHTHOUSE_PAGES=dashboard|login one page; LIGHTHOUSE_RUNS=n each page n times, with medians;
// `-- --details` where the main thread's time went; `-- --lantern` the simulated largest paint's
// requests and tasks.
// LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD sign in for the dashboard (default: the demo buyer admin).
// Lighthouse's default profile: a mid-range phone on a slow 4G connection (simulated throttling).
// Lighthouse 12: version 13 needs Node 22, and the project runs on Node 20.
import { startBuiltServer } from './built-server.mjs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const EMAIL = process.env.LIGHTHOUSE_EMAIL ?? 'buyer.admin@acme.example';
const PASSWORD = process.env.LIGHTHOUSE_PASSWORD ?? 'Demo@2020';
const ALL_PAGES = [
  { key: 'login', name: '/login', path: '/login', signedIn: false },
  {
    key: 'dashboard',
    name: 'Spend Dashboard (signed in)',
    path: '/home/supplierSpend/report/spend',
    signedIn: true,
  },
];
/** LIGHTHOUSE_PAGES=dashboard (or login): one page only. */
const PAGES = ALL_PAGES.filter(
  (p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.key),
);
/**
 * LIGHTHOUSE_RUNS=n: each page n times in turn, and the median of each figure after them: one
 * run's performance moves by several points with the machine's load.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

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
/**
 * A new Chromium, with a new profile, for each run: the pages share one (the dashboard's load
 * finds what the login page's cached, as a reader's would), and a second run must not find the
 * first's token and files.
 */
const launchChromium = () =>
  chromeLauncher.launch({
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
let chrome;

const rows = [];
/** `npm run lighthouse -- --details`: where the main thread's time went, per page. */
const DETAILS = process.argv.includes('--details');
/**
 * `--lantern`: what Lighthouse's simulation (Lantern) put before each page's largest paint, in its
 * order: every request and CPU task of the optimistic and pessimistic graphs with their simulated
 * start and end (ms). The LCP figure is the latest end of each graph, averaged: a request that
 * ends late in it (a page asking for data it does not show first) moves the figure.
 */
const LANTERN = process.argv.includes('--lantern');

function printLantern(name) {
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    const nodes = [...timings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
    const end = Math.max(...nodes.map(([, t]) => t.endTime));
    console.log(`\n${name}: ${label}, ${nodes.length} nodes, ends at ${Math.round(end)} ms`);
    console.table(
      nodes.map(([node, t]) => ({
        start: Math.round(t.startTime),
        end: Math.round(t.endTime),
        what:
          node.type === 'network'
            ? `${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ` +
              `(${Math.round(node.request.transferSize / 1024)} KiB)`
            : `CPU ${[...new Set(node.childEvents.filter((e) => e.dur > 2000).map((e) => e.name))]
                .slice(0, 3)
                .join(', ')}`,
      })),
    );
  }
  Lantern.Simulation.Simulator.allNodeTimings.clear();
}

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
  for (let run = 0; run < RUNS; run++) {
    await chrome?.kill();
    chrome = await launchChromium();
    for (const page of PAGES) {
      // The app keeps its token in localStorage: a first visit stores it, then the measured load
      // runs with storage kept (Lighthouse clears it by default).
      const measure = async () =>
        lighthouse(
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
      // Now and then Chromium's trace of a load comes back without its start (NO_NAVSTART), and
      // Lighthouse scores the run 0: measured again, up to twice, saying so.
      let result = await measure();
      for (let retry = 1; result.lhr.runtimeError && retry <= 2; retry++) {
        console.log(
          `${page.name}: Lighthouse could not measure run ${run + 1} ` +
            `(${result.lhr.runtimeError.code}); measuring it again`,
        );
        result = await measure();
      }
      const { categories, audits } = result.lhr;
      if (SAVE) {
        const { mkdirSync, writeFileSync } = await import('node:fs');
        mkdirSync(SAVE, { recursive: true });
        const file = `${SAVE}/${page.key}${RUNS > 1 ? `-${run + 1}` : ''}.json`;
        writeFileSync(file, JSON.stringify(result.lhr));
        // The load's trace beside it: the tasks behind the long-task audit, for a closer look.
        const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
        if (trace) writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
      }
      if (DETAILS) printDetails(page.name, audits);
      if (LANTERN) printLantern(page.name);
      rows.push({
        page: page.name,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        'best practices': Math.round(categories['best-practices'].score * 100),
        FCP: audits['first-contentful-paint'].displayValue,
        LCP: audits['largest-contentful-paint'].displayValue,
        TBT: audits['total-blocking-time'].displayValue,
        transferred: `${Math.round(audits['total-byte-weight'].numericValue / 1024)} KiB`,
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      });
    }
  }
} finally {
  await chrome?.kill();
  server.stop();
}
console.table(rows);
if (RUNS > 1) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`medians of ${RUNS} runs`);
  console.table(
    PAGES.map((page) => {
      const mine = rows.filter((r) => r.page === page.name);
      const figure = (key) => median(mine.map((r) => r[key]));
      return {
        page: page.name,
        performance: figure('performance'),
        'FCP (ms)': figure('fcpMs'),
        'LCP (ms)': figure('lcpMs'),
        'TBT (ms)': figure('tbtMs'),
      };
    }),
  );
}

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

/**
 * Debian's Chromium through playwright-core (DESIGN.md §1's executable and flags; one browser per
 * worker with a context per journey instead of a persistent context each) and small
 * helpers the journeys share. Screenshots go to ./screenshots (ignored by git) to be looked at.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser as PlaywrightBrowser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { inject } from 'vitest';
import { apiPost, apiToken } from './api.ts';
import { BUYER_ADMIN, DEMO_PASSWORD } from './fixtures.ts';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'screenshots');

/** The pages of the browsers open now, for failure-screenshots.ts. */
export const openPages = new Set<Page>();

export interface Browser {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  close(): Promise<void>;
}

/**
 * Where the server of this worker writes its address: global-setup.ts starts one per worker, each
 * on its own copy of the seeded data, and worker N (VITEST_POOL_ID, 1 … maxWorkers) uses the N-th.
 */
function serverFile(): string {
  const files = inject('e2eServerFiles');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return files[(Math.max(1, worker) - 1) % files.length]!;
}

/**
 * The address of this worker's server, known once it answers (openBrowser() waits for that).
 * Journeys reach it as `browser.baseURL` (pages opened by openBrowser() have it as their base).
 */
export function serverURL(): string {
  const file = serverFile();
  if (!existsSync(file)) throw new Error('No e2e server answers yet: openBrowser() waits for it.');
  return readFileSync(file, 'utf8');
}

/**
 * Waits until this worker's server answers: global-setup.ts seeds and starts the servers in the
 * background and writes each one's address once it answers.
 */
async function serverAnswers() {
  const deadline = Date.now() + 240_000;
  while (!existsSync(serverFile())) {
    const failure = inject('e2eSetupFailure');
    if (existsSync(failure)) {
      throw new Error(`The e2e set-up failed:\n${readFileSync(failure, 'utf8')}`);
    }
    if (Date.now() > deadline) {
      throw new Error('The e2e server did not answer (global-setup.ts logs why).');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The worker's Chromium, launched by its first journey and kept for the next ones (the e2e project
 * shares a worker's modules between its files: vitest.config.ts). Each journey gets a context of
 * its own — its own cookies, storage, cache and downloads — as a new browser would give it;
 * launching Chromium is what took seconds (docs/testing.md).
 */
let chromiumOfWorker: Promise<PlaywrightBrowser> | undefined;

async function workerChromium() {
  const running = await chromiumOfWorker?.catch(() => undefined);
  if (running?.isConnected()) return running;
  chromiumOfWorker = chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
  return chromiumOfWorker;
}

/**
 * A journey's browser. It asks for reduced motion, as a user can in the system's settings: the app
 * then turns antd's motion off (AntdProviders), so dialogs, lists and popovers appear and leave at
 * once and a click never lands on something still moving. `motion: true` keeps the motion, as most
 * users see the app (e2e/dialogs.e2e.ts opens every dialog so).
 */
export async function openBrowser(
  viewport = { width: 1366, height: 768 },
  { motion = false } = {},
): Promise<Browser> {
  await serverAnswers();
  const baseURL = serverURL();
  const context = await (
    await workerChromium()
  ).newContext({
    viewport,
    baseURL,
    acceptDownloads: true,
    reducedMotion: motion ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  trackRequests(page);
  openPages.add(page);
  return {
    context,
    page,
    baseURL,
    async close() {
      openPages.delete(page);
      await context.close();
    },
  };
}

/**
 * Signs in through the login page as `email` (the demo Buyer Admin unless told), whoever was
 * signed in before forgotten first, and waits for the home page.
 */
export async function signIn(page: Page, email = BUYER_ADMIN, password = DEMO_PASSWORD) {
  await page.context().clearCookies();
  // The storage is the app's origin's: cleared from the page when it shows the app already (a new
  // browser's is empty), so that one load of the login page is enough.
  if (new URL(page.url(), 'about:blank').origin === new URL(serverURL()).origin) {
    await page.evaluate(() => localStorage.clear());
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor();
}

/**
 * The requests of each page in flight, as Playwright's 'networkidle' counts them (an event stream
 * stays open on purpose and is not counted), and when one last started or ended.
 */
const network = new WeakMap<Page, { inFlight: Set<Request>; lastChange: number }>();

function trackRequests(page: Page) {
  const state = { inFlight: new Set<Request>(), lastChange: Date.now() };
  network.set(page, state);
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    state.inFlight.add(request);
    state.lastChange = Date.now();
  });
  // A request of a document left behind ends as failed (Playwright fails it), so none is stuck.
  const ended = (request: Request) => {
    if (state.inFlight.delete(request)) state.lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Waits until no request of the page has been in flight for `quiet` ms, counted from the call at
 * the earliest (a request the last action starts a moment later is waited for). Playwright's
 * 'networkidle' waits 500 ms, and only once per document: a later wait returns at once.
 */
export async function networkQuiet(page: Page, { quiet = 200, timeout = 30_000 } = {}) {
  const state = network.get(page);
  if (!state) throw new Error('networkQuiet: a page of openBrowser() only');
  const called = Date.now();
  const deadline = called + timeout;
  while (state.inFlight.size > 0 || Date.now() - Math.max(state.lastChange, called) < quiet) {
    if (Date.now() > deadline) {
      const urls = [...state.inFlight].map((r) => r.url());
      throw new Error(`still loading after ${timeout} ms: ${urls.join(', ') || '(just ended)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Opens a screen and waits until the app has drawn it, its requests are answered and nothing is
 * loading (settled()).
 */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
}

/**
 * Waits until the app has drawn the page, its requests are answered and nothing is loading —
 * again if a request started meanwhile (one answer can lead to the next request).
 */
export async function settled(page: Page) {
  const state = network.get(page)!;
  for (;;) {
    await networkQuiet(page);
    const quietSince = state.lastChange;
    await page.waitForFunction(
      () =>
        // The app has drawn (the page's HTML is an empty root until it does) …
        (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
        // … and shows nothing loading. Charts below the window are drawn once the page is idle
        // (apps/web/src/components/echart.tsx).
        !document.querySelector(
          '[data-testid="loading-screen"], .page-loader, .ant-skeleton, [data-skeleton], [data-chart-pending]',
        ) &&
        document.querySelectorAll('.ant-spin-spinning').length === 0,
      undefined,
      { timeout: 30_000 },
    );
    if (state.inFlight.size === 0 && state.lastChange === quietSince) return;
  }
}

/** Matches `text` whole, as it is written. */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Picks `options` in an antd select as a user does: opens its list, clicks each option (found by
 * its text, or by its title where the list shows more than the name) and leaves the list closed.
 * `search` types each option first: a long list draws only the options in view. `select` is the
 * select (found by its test id) or its input (found by its label).
 */
export async function pick(
  select: Locator,
  options: string | string[],
  { search = false }: { search?: boolean } = {},
) {
  const page = select.page();
  const input =
    (await select.getAttribute('role')) === 'combobox' ? select : select.getByRole('combobox');
  const expanded = (value: boolean) => input.and(page.locator(`[aria-expanded="${value}"]`));
  if (!(await expanded(true).count())) await input.click();
  // This select's list: the input names it (aria-controls) while it is open.
  const listId = await expanded(true).getAttribute('aria-controls');
  const list = page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${listId}"]`) });
  const multiple = await input.evaluate((element) => !!element.closest('.ant-select-multiple'));
  for (const option of Array.isArray(options) ? options : [options]) {
    if (search) await input.fill(option);
    const items = list.locator('.ant-select-item-option');
    const item = items
      .filter({ hasText: exactly(option) })
      .or(items.and(page.getByTitle(option, { exact: true })));
    await item.click();
  }
  // A single select closes its list itself once an option is taken; a multiple one stays open.
  if (multiple) await input.press('Escape');
  await expanded(false).waitFor();
}

/** The whole page, or with `{ fullPage: false }` the window as the user sees it (sticky bars). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // With motion on (openBrowser), modals zoom in and the sidebar slides: the picture shows where
  // they come to rest.
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

/**
 * Reads the newest message sent to `email` from the outbox, as the Super User, waiting up to 10 s
 * for one (codes are mailed after the reply) — or for one other than `after`, when given.
 */
export async function latestMailTo(
  baseURL: string,
  admin: { email: string; password: string },
  email: string,
  after?: string,
) {
  const token = await apiToken(baseURL, admin.email, admin.password);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { data } = await apiPost<{ data: { recipient: string; body: string }[] }>(
      baseURL,
      token,
      '/api/mail/outbox',
      { pageSize: 100 },
    );
    const body = data.find((m) => m.recipient === email)?.body;
    if ((body && body !== after) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

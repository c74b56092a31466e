/**
 * Every dialog of the app for assistive technology: each modal, upload dialog and
 * delete confirmation is opened as a user opens it, and axe-core runs on the page with it open
 * (0 serious or critical violations). Pictures in ./screenshots (dialog-<name>.png). The one
 * journey with antd's motion on, as most users see the app: every dialog opens with its zoom.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { axeViolations } from './axe.ts';
import { networkQuiet, open, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { DEMO_PASSWORD, E2E_ADMIN } from './fixtures.ts';

/** A modal, a drawer or a confirmation's popover, once visible and done zooming in. */
async function dialogOpen(page: Page) {
  const dialog = page
    .locator('.ant-modal-wrap .ant-modal, .ant-drawer-content, .ant-popconfirm')
    .filter({ visible: true })
    .first();
  await dialog.waitFor();
  // axe's contrast check would read the colours half-way through the opening animation.
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll<HTMLElement>('[class*="-enter"], [class*="-appear"]'))
        .map((el) => String(el.className))
        .some((name) => /\bant-[\w-]+-(enter|appear)\b/.test(name)),
    undefined,
    { timeout: 10_000 },
  );
  // What the dialog asks the server for (Playwright's 'networkidle' fired once, for the page).
  await networkQuiet(page);
  return dialog;
}

interface DialogCase {
  name: string;
  url: string;
  /** Clicks what the user clicks; returns nothing, the dialog is found by its role. */
  open(page: Page): Promise<void>;
  /** What the open dialog must say, so that the right dialog was checked. */
  says: string | RegExp;
}

const click = (locator: Locator) => locator.click();
const first = (page: Page, selector: string) => page.locator(selector).first();

/** What a Buyer Admin of the demo organisation opens. */
const BUYER_DIALOGS: DialogCase[] = [
  {
    name: 'rfx-report',
    url: '/home/rfx',
    open: (page) => click(page.getByTestId('rfx-create-report')),
    says: 'Create Report',
  },
  {
    name: 'rfx-delete',
    url: '/home/rfx',
    open: (page) => click(first(page, '[data-testid^="rfx-delete-"]')),
    says: /Delete RFx/,
  },
  {
    name: 'contract-report',
    url: '/home/contracts',
    open: (page) => click(page.getByTestId('contract-create-report')),
    says: 'Create Report',
  },
  {
    name: 'contract-delete',
    url: '/home/contracts',
    open: (page) => click(first(page, '[data-testid^="contract-delete-"]')),
    says: /Delete/,
  },
  {
    name: 'cost-saving-delete',
    url: '/home/costSaving',
    open: (page) => click(first(page, '[data-testid="cost-saving-delete"]')),
    says: /Delete/,
  },
  {
    name: 'market-share-report',
    url: '/home/marketShare',
    open: (page) => click(page.getByTestId('market-share-create-report')),
    says: 'Create Report',
  },
  {
    name: 'spend-file-delete',
    url: '/home/supplierSpend',
    open: (page) => click(first(page, '[data-testid="file-delete"]')),
    says: /Delete/,
  },
  {
    name: 'spend-rating',
    url: '/home/supplierSpend/list',
    async open(page) {
      const stars = first(page, '[data-testid="supplier-rating"]');
      await stars.locator('.ant-rate-star-second').nth(3).click();
    },
    says: /Rat/,
  },
  {
    name: 'certificate-add',
    url: '/home/supplierSpend',
    async open(page) {
      // The largest supplier's name leads to its directory detail, where certificates are added.
      await first(page, '[data-testid="top-suppliers"] [data-testid="supplier-link"]').click();
      await page.getByTestId('supplier-certificates').waitFor();
      await page.getByTestId('add-certificate').click();
    },
    says: /Certificat/,
  },
  {
    name: 'user-add',
    url: '/home/users',
    open: (page) => click(page.getByTestId('add-user')),
    says: /User/,
  },
  {
    name: 'user-edit',
    url: '/home/users',
    open: (page) => click(first(page, '[data-testid^="user-edit-"]')),
    says: /User/,
  },
  {
    name: 'user-delete',
    url: '/home/users',
    open: (page) => click(first(page, '[data-testid^="user-delete-"]')),
    says: /Delete User/,
  },
  {
    name: 'events-filter',
    url: '/home/diversityEvents',
    open: (page) => click(page.getByTestId('filter-events')),
    says: 'Filter Events',
  },
  {
    name: 'event-detail',
    url: '/home/diversityEvents',
    open: (page) => click(first(page, '[data-testid="events-table"] tbody tr.ant-table-row')),
    says: /./,
  },
  {
    name: 'sign-out-everywhere',
    url: '/home/editProfile',
    open: (page) => click(page.getByTestId('sign-out-everywhere')),
    says: /sign/i,
  },
];

/** What the platform's administrator opens. */
const ADMIN_DIALOGS: DialogCase[] = [
  {
    name: 'client-add',
    url: '/home/client',
    open: (page) => click(page.getByTestId('add-client')),
    says: /Client/,
  },
  {
    name: 'client-edit',
    url: '/home/client',
    open: (page) => click(first(page, '[data-testid^="client-edit-"]')),
    says: /Client/,
  },
  {
    name: 'client-delete',
    url: '/home/client',
    open: (page) => click(first(page, '[data-testid^="client-delete-"]')),
    says: /Delete Client/,
  },
  {
    name: 'admin-add',
    url: '/home/client',
    open: (page) => click(page.getByTestId('add-admin')),
    says: /Admin/,
  },
  {
    name: 'training-add-module',
    url: '/home/training',
    open: (page) => click(page.getByTestId('add-module')),
    says: 'Add Module',
  },
  {
    name: 'training-add-video',
    url: '/home/training',
    open: (page) => click(page.getByTestId('add-video')),
    says: 'Add Video',
  },
  {
    name: 'training-delete-module',
    url: '/home/training',
    open: (page) => click(first(page, '[data-testid="delete-module"]')),
    says: /Delete Module/,
  },
  {
    name: 'training-delete-video',
    url: '/home/training',
    open: (page) => click(first(page, '[data-testid="delete-video"]')),
    says: /Delete Video/,
  },
  {
    name: 'suppliers-upload',
    url: '/home/supplierSearch',
    open: (page) => click(page.getByTestId('upload-suppliers')),
    says: 'Upload Suppliers List',
  },
  {
    name: 'events-upload',
    url: '/home/diversityEvents',
    open: (page) => click(page.getByTestId('add-event')),
    says: 'Upload Events List',
  },
];

async function checkDialog(page: Page, dialog: DialogCase) {
  await open(page, dialog.url);
  await dialog.open(page);
  const shown = await dialogOpen(page);
  expect(await shown.textContent()).toMatch(dialog.says);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, `dialog-${dialog.name}`, { fullPage: false });
}

describe('every dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ width: 1440, height: 900 }, { motion: true });
  });
  afterAll(() => browser?.close());

  describe('of a buyer admin', () => {
    beforeAll(() => signIn(browser.page, DEMO.buyerAdmin.email, DEMO_PASSWORD));
    it.each(BUYER_DIALOGS.map((d) => [d.name, d] as const))('%s', async (_, dialog) => {
      await checkDialog(browser.page, dialog);
    });
  });

  describe('of the platform administrator', () => {
    beforeAll(() => signIn(browser.page, E2E_ADMIN.email, E2E_ADMIN.password));
    it.each(ADMIN_DIALOGS.map((d) => [d.name, d] as const))('%s', async (_, dialog) => {
      await checkDialog(browser.page, dialog);
    });
  });
});

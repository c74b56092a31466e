/**
 * Training in Chromium: a Super User adds a module and a video by file and a video by link, sees
 * them grouped by category, plays the video, downloads the module and deletes them; a Buyer Admin
 * (TRAINING_VIEW only) watches without the add and delete controls.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../apps/server/src/db/seed/training.ts';
import { openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import { DEMO_PASSWORD, E2E_ADMIN } from './fixtures.ts';
import { confirmDelete } from './records.ts';

// Debian's Chromium has no proprietary codecs (H.264/AAC): the journey plays a VP8 WebM, which
// every Chromium decodes. The same file is the demo seed's.
const VIDEO = readFileSync(
  new URL('../apps/server/src/db/seed/assets/supplier-diversity-101.webm', import.meta.url),
);
const MODULE = simplePdf('Supplier Site Visit Guide', ['Plan the visit.', 'Record findings.']);
const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

async function alertSays(page: Page, text: string) {
  const alert = page.getByTestId('alert-modal');
  await alert.waitFor();
  expect(await page.getByTestId('alert-message').textContent()).toBe(text);
  await page.getByTestId('alert-ok').click();
  await alert.waitFor({ state: 'hidden' });
}

const group = (panel: Locator, category: string) =>
  panel.getByTestId('training-group').filter({
    has: panel.page().getByRole('heading', { name: category, exact: true }),
  });

async function chooseCategory(page: Page, dialog: Locator, category: string) {
  await dialog.getByTestId('training-category').click();
  await page.keyboard.type(category);
  // Leave the field (the dialog's title) so the suggestion list closes and the field is checked.
  await page.locator('.ant-modal-title', { hasText: /^Add (Module|Video)$/ }).click();
}

describe('training', () => {
  it('lets a Super User add, group, play, download and delete training material', async () => {
    const { page } = browser;
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('menuitem', { name: 'Training' }).click();
    await page.waitForURL('**/home/training');
    const videos = page.getByTestId('training-panel-video');
    const modules = page.getByTestId('training-panel-module');
    await group(videos, 'Getting Started').waitFor();
    expect(await modules.locator('.ant-card-head-title').textContent()).toBe(
      'Modules (Powerpoints and Sample Data Sheets)',
    );
    await screenshot(page, 'training-page');

    // A module by file; a file of another type is refused by the drop area first.
    await page.getByRole('button', { name: 'Add Modules' }).click();
    const moduleDialog = page.getByTestId('training-upload-module');
    await moduleDialog.waitFor();
    const moduleInput = moduleDialog.locator('input[type=file]');
    await moduleInput.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    });
    await page.getByTestId('training-upload-module-drop-error').waitFor();
    await chooseCategory(page, moduleDialog, 'E2E Guides');
    await moduleInput.setInputFiles({
      name: 'Site Visit Guide.pdf',
      mimeType: 'application/pdf',
      buffer: MODULE,
    });
    await moduleDialog.getByTestId('training-upload-module-file').waitFor();
    await screenshot(page, 'training-add-module');
    await page.getByTestId('training-upload-module-submit').click();
    await alertSays(page, 'Training record added successfully');
    const guides = group(modules, 'E2E Guides');
    await guides.getByText('Site Visit Guide.pdf').waitFor();

    // A video by file.
    await page.getByRole('button', { name: 'Add Videos' }).click();
    const videoDialog = page.getByTestId('training-upload-video');
    await videoDialog.waitFor();
    await chooseCategory(page, videoDialog, 'E2E Videos');
    await videoDialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'Diversity Basics.webm', mimeType: 'video/webm', buffer: VIDEO });
    await page.getByTestId('training-upload-video-submit').click();
    await alertSays(page, 'Training record added successfully');
    const clips = group(videos, 'E2E Videos');
    await clips.getByText('Diversity Basics.webm').waitFor();

    // A video by link, into the category it just created (offered in the list).
    await page.getByRole('button', { name: 'Add Videos' }).click();
    await videoDialog.waitFor();
    await videoDialog.getByText('Add a link').click();
    // An empty submit says 'Required' under Category; filling the field (found by its label,
    // which names the input) and leaving it takes the message away.
    await page.getByTestId('training-upload-video-submit').click();
    const required = videoDialog.getByText('Required', { exact: true });
    await expect.poll(() => required.count()).toBe(2); // Category and Video link
    await videoDialog.getByLabel('Category').fill('E2E Videos');
    await page.keyboard.press('Tab');
    await expect.poll(() => required.count()).toBe(1); // only the empty Video link's
    await pick(videoDialog.getByTestId('training-category'), 'E2E Videos');
    await videoDialog.getByTestId('training-url').fill(LINK);
    await screenshot(page, 'training-add-link');
    await page.getByTestId('training-upload-video-submit').click();
    await alertSays(page, 'Training record added successfully');
    await clips.getByText('YouTube video').waitFor();
    expect(await clips.getByTestId('training-video-card').count()).toBe(2);
    expect(await clips.getByTestId('training-embed').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await screenshot(page, 'training-grouped');

    // Play the uploaded video: its time advances (served with range requests).
    const card = clips
      .getByTestId('training-video-card')
      .filter({ hasText: 'Diversity Basics.webm' });
    const played = await card.getByTestId('training-video').evaluate(async (element) => {
      const video = element as HTMLVideoElement;
      video.muted = true;
      await video.play();
      // Until half a second has played, or the video has ended or failed.
      await new Promise<void>((resolve) => {
        const check = () => {
          if (video.currentTime > 0.5 || video.ended || video.error) resolve();
        };
        for (const event of ['timeupdate', 'ended', 'error']) video.addEventListener(event, check);
        check();
      });
      return { time: video.currentTime, duration: video.duration, error: video.error?.code };
    });
    expect(played.error).toBeUndefined();
    expect(played.duration).toBeCloseTo(4, 0);
    expect(played.time).toBeGreaterThan(0.5);
    await screenshot(page, 'training-playing');

    // Download the module: the original name and the same bytes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      guides.getByTestId('download-module').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Site Visit Guide.pdf');
    const saved = await download.path();
    expect(readFileSync(saved).equals(MODULE)).toBe(true);

    // Delete both, and the link.
    await guides.getByTestId('delete-module').click();
    await confirmDelete(page);
    await alertSays(page, 'Training record deleted successfully');
    await guides.waitFor({ state: 'detached' });
    for (const name of ['Diversity Basics.webm', 'YouTube video']) {
      await clips
        .getByTestId('training-video-card')
        .filter({ hasText: name })
        .getByTestId('delete-video')
        .click();
      await confirmDelete(page);
      await alertSays(page, 'Training record deleted successfully');
    }
    await clips.waitFor({ state: 'detached' });
    await screenshot(page, 'training-after-delete');
  });

  it('shows a Buyer Admin the material without add or delete controls', async () => {
    const { page } = browser;
    await signIn(page, 'buyer.admin@acme.example', DEMO_PASSWORD);
    await page.getByText('Training', { exact: true }).first().waitFor();
    await page.goto('/home/training');
    const videos = page.getByTestId('training-panel-video');
    await group(videos, 'Supplier Diversity').waitFor();
    expect(await page.getByRole('button', { name: 'Add Videos' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Modules' }).count()).toBe(0);
    expect(await page.getByTestId('delete-video').count()).toBe(0);
    expect(await page.getByTestId('delete-module').count()).toBe(0);
    expect(await page.getByTestId('download-module').count()).toBeGreaterThan(0);
    await screenshot(page, 'training-viewer');
  });
});

/**
 * The page files of @spotzcity/shared/web-pages are the ones the app loads: the server names their
 * chunks in each address's HTML, and a renamed file would silently leave an address unnamed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EDIT_PROFILE_FILE,
  HOME_PAGE_FILE,
  MODULE_PAGE_FILES,
  SHELL_FILES,
} from '@spotzcity/shared/web-pages';
import { MODULES } from './modules.tsx';

const WEB = path.resolve(import.meta.dirname, '../..');

describe('web pages', () => {
  it('lists files that exist', () => {
    const files = [
      ...SHELL_FILES,
      HOME_PAGE_FILE,
      EDIT_PROFILE_FILE,
      ...Object.values(MODULE_PAGE_FILES),
    ];
    for (const file of files) expect(existsSync(path.join(WEB, file)), file).toBe(true);
  });

  it('has a page file for every module with a page of its own', () => {
    const withPage = MODULES.filter((m) => m.element).map((m) => m.path);
    expect(new Set(withPage)).toEqual(new Set(Object.keys(MODULE_PAGE_FILES)));
  });
});

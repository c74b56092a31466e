/**
 * The HTML of an address names the files its first screen needs, read from the build's manifest:
 * the signed-in shell's and the opened page's, with their static imports and stylesheets, never
 * the entry's (index.html names those) nor what a page loads later (its dynamic imports).
 */
import { describe, expect, it } from 'vitest';
import { MODULE_PAGE_FILES, SHELL_FILES } from '@spotzcity/shared/web-pages';
import { preloadTags, type Manifest } from './web.ts';

const [shell, providers, guard] = SHELL_FILES;
const DASHBOARDS = MODULE_PAGE_FILES['/home/supplierSpend/report'];
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  [shell]: { file: 'assets/app-shell-1.js', imports: ['_react.js', '_antd.js'] },
  [providers]: { file: 'assets/antd-providers-1.js', imports: ['_antd.js'] },
  [guard]: { file: 'assets/require-auth-1.js' },
  '_antd.js': { file: 'assets/antd-1.js', imports: ['_react.js'] },
  [DASHBOARDS]: {
    file: 'assets/spend-dashboards-page-1.js',
    imports: ['_antd.js', '_words.js'],
    css: ['assets/spend-dashboards-page-1.css'],
  },
  '_words.js': { file: 'assets/words-1.js' },
  'src/features/rfx/rfx-page.tsx': { file: 'assets/rfx-page-1.js' },
};

/** The files the tags name, in their order. */
const named = (tags: string) => [...tags.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]);

describe('preloadTags', () => {
  it("names a dashboard's page and the shell with their imports, once each, not the entry's", () => {
    const tags = preloadTags(manifest, '/home/supplierSpend/report/spend');
    expect(new Set(named(tags))).toEqual(
      new Set([
        'assets/app-shell-1.js',
        'assets/antd-1.js',
        'assets/antd-providers-1.js',
        'assets/require-auth-1.js',
        'assets/spend-dashboards-page-1.js',
        'assets/spend-dashboards-page-1.css',
        'assets/words-1.js',
      ]),
    );
    expect(named(tags)).toHaveLength(7);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/antd-1.js">');
    expect(tags).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/spend-dashboards-page-1.css">',
    );
  });

  it('names the longest module path the address starts with', () => {
    const files = named(preloadTags(manifest, '/home/rfx/dashboard'));
    expect(files).toContain('assets/rfx-page-1.js');
    expect(files).not.toContain('assets/spend-dashboards-page-1.js');
  });

  it('names the shell alone for a /home address without a page of its own', () => {
    expect(new Set(named(preloadTags(manifest, '/home/nowhere')))).toEqual(
      new Set([
        'assets/app-shell-1.js',
        'assets/antd-1.js',
        'assets/antd-providers-1.js',
        'assets/require-auth-1.js',
      ]),
    );
  });

  it('names nothing for the sign-in page, or without a manifest', () => {
    expect(preloadTags(manifest, '/login')).toBe('');
    expect(preloadTags({}, '/home/rfx')).toBe('');
  });
});

/**
 * Styles that cannot collide (docs/web.md, Styles): colours are written
 * in app/theme.css and app/theme.ts only, and every class a component takes from a CSS Module
 * is one the module defines (a misspelt `css.name` is `undefined`, silently unstyled).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, out);
    else out.push(full);
  }
  return out;
}

const all = files(SRC);
const components = all.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
const modules = all.filter((f) => f.endsWith('.module.css'));
const HEX = /#[0-9a-fA-F]{3,8}\b/g;
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

describe('stylesheets', () => {
  it('finds the components and modules it checks', () => {
    expect(components.length).toBeGreaterThan(100);
    expect(modules.length).toBeGreaterThan(20);
  });

  it('have no hex colour in a component or a CSS Module', () => {
    const found: string[] = [];
    for (const file of [...components.filter((f) => f.endsWith('.tsx')), ...modules]) {
      const text = readFileSync(file, 'utf8');
      // In a component a colour is a quoted string ('#4f46e5'); in CSS, any hex value.
      const pattern = file.endsWith('.tsx') ? /['"`]#[0-9a-fA-F]{3,8}['"`]/g : HEX;
      for (const match of withoutComments(text).match(pattern) ?? []) {
        found.push(`${path.relative(SRC, file)}: ${match}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('define every class a component takes from them', () => {
    const missing: string[] = [];
    for (const file of components) {
      const text = readFileSync(file, 'utf8');
      for (const [, name, spec] of text.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)) {
        const css = withoutComments(readFileSync(path.resolve(path.dirname(file), spec!), 'utf8'));
        const defined = new Set([...css.matchAll(/\.([a-zA-Z_][\w-]*)/g)].map((m) => m[1]));
        for (const [, used] of text.matchAll(new RegExp(`(?<![\\w.-])${name}\\.(\\w+)`, 'g'))) {
          if (!defined.has(used!)) missing.push(`${path.relative(SRC, file)}: ${name}.${used}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/**
 * antd's design tokens of the app's theme (src/app/theme.ts) as CSS variables on `:root`, computed
 * at build time with `theme.getDesignToken`: what the app's own stylesheets draw (the sign-in
 * page, the shell's frame, tags and notes) takes antd's colours from here, so a change of theme
 * changes both, and no antd value is copied by hand. `import 'virtual:antd-tokens.css'` (main.tsx).
 *
 * The names are antd's own CSS variables (`--ant-color-text`, `--ant-red-9`): inside antd's
 * components antd sets the same names on its own, from the same theme.
 */
import { theme as antdTheme } from 'antd';
import type { Plugin } from 'vite';
import { theme } from '../src/app/theme.ts';

const ID = 'virtual:antd-tokens.css';
const RESOLVED = `\0${ID}`;

/** The tokens written: every colour and shadow, and the preset palettes' shades. */
const WRITTEN = /^(color|boxShadow|fontFamily)|^[a-z]+\d+$/;

const kebab = (key: string) =>
  key
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .replace(/([0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** `:root { --ant-…: …; }` of the theme's tokens (exported for the test). */
export function tokenCss(): string {
  const tokens = antdTheme.getDesignToken(theme) as unknown as Record<string, unknown>;
  const lines = Object.entries(tokens)
    .filter(([key, value]) => WRITTEN.test(key) && typeof value === 'string')
    .map(([key, value]) => `  --ant-${kebab(key)}: ${String(value).replace(/\s+/g, ' ').trim()};`);
  return `:root {\n${lines.join('\n')}\n}\n`;
}

export function antdTokens(): Plugin {
  return {
    name: 'spotzcity-antd-tokens',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? tokenCss() : null),
  };
}

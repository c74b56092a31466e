/**
 * antd writes the styles it computes into `<style>` elements through `innerHTML`
 * (@rc-component/util's Dom/dynamicCSS.js), and reads `innerHTML` back to tell whether a style
 * changed. For a `<style>` element both go through the HTML parser and serializer; `textContent`
 * sets and reads the same text without them, and HTML parsing was a large part of a signed-in
 * page's first commit.
 */
import type { Plugin } from 'vite';

const DYNAMIC_CSS = /[\\/]Dom[\\/]dynamicCSS\.js$/;

export function styleText(): Plugin {
  return {
    name: 'spotzcity-style-text',
    transform(code, id) {
      if (!DYNAMIC_CSS.test(id)) return null;
      const replaced = code.replaceAll('.innerHTML', '.textContent');
      if (replaced === code) {
        throw new Error(`style-text: ${id} no longer sets innerHTML; check the plugin`);
      }
      return { code: replaced, map: null };
    },
  };
}

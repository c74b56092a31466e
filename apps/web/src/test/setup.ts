/** Vitest setup of the web project (jsdom): what antd expects from a browser, and cleanup. */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import '../i18n/i18n.ts';

// The first render of antd's table takes over a second on a busy machine (CI runs the API and
// browser suites alongside): findBy… and waitFor wait up to 5 s rather than 1 s.
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd measures scrollbars through getComputedStyle with a pseudo element, which jsdom lacks.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  computedStyle(element, pseudo ? undefined : pseudo);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

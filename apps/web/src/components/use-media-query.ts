import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in sync with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below antd's `md` breakpoint the sidebar becomes an overlay. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Below antd's `sm` breakpoint: a phone held upright. */
export const PHONE_QUERY = '(max-width: 575.98px)';

/** The user asked the system for less motion. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

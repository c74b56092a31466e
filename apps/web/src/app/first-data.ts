/**
 * The data an address's first screen shows, asked for as soon as the entry runs: beside the
 * shell's and the page's code, not once they have come and rendered (docs/first-load.md).
 * On a phone's line the page's code takes most of a second; the figures then came a round trip
 * and a render later. The screens ask with the same query options, so they find the answers
 * (or the requests in flight) in the query cache.
 *
 * Only for a stored token (without one the address goes to /login), and only what the first
 * screen waits for: the profile (the shell's guard) everywhere under /home, and the Spend
 * Dashboard's counting rule figures.
 */
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '../api/get-profile.ts';
import { settingsQuery } from '../api/organisation-settings.ts';
import { hasToken } from '../api/token.ts';
import {
  countingPolicyQuery,
  verifiedFiguresQuery,
} from '../features/spend-dashboards/api/verified.ts';
import { parseBase, parseFileIds, REPORT_HOME } from '../features/spend-dashboards/paths.ts';

export function askForFirstData(client: QueryClient, { pathname, search }: Location): void {
  if (!hasToken() || !(pathname === '/home' || pathname.startsWith('/home/'))) return;
  void client.prefetchQuery(profileQueryOptions());
  if (pathname.replace(/\/$/, '') === `${REPORT_HOME}/spend`) {
    const params = new URLSearchParams(search);
    const fileIds = parseFileIds(params.get('files'));
    void client.prefetchQuery(verifiedFiguresQuery(fileIds, parseBase(params.get('base'))));
    void client.prefetchQuery(countingPolicyQuery());
    void client.prefetchQuery(settingsQuery());
  }
}

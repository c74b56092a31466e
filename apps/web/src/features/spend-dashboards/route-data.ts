/**
 * What a dashboard's first screen shows, asked for by its route when it is navigated to (its loader
 * in app/router.tsx): beside the page's code,
 * not once it has come and rendered. The screens ask with the same query options and find the
 * answers, or the requests in flight, in the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { settingsQuery } from '../../api/organisation-settings.ts';
import { countingPolicyQuery, verifiedFiguresQuery } from './api/verified.ts';
import { parseBase, parseFileIds, REPORT_HOME } from './paths.ts';

export function loadReportData(client: QueryClient, url: URL): void {
  // The Spend Dashboard's first card: the counting rule's figures, the organisation's default
  // rule, and the base's line (the settings' non-addressable categories).
  if (url.pathname.replace(/\/$/, '') !== `${REPORT_HOME}/spend`) return;
  const fileIds = parseFileIds(url.searchParams.get('files'));
  void client.prefetchQuery(verifiedFiguresQuery(fileIds, parseBase(url.searchParams.get('base'))));
  void client.prefetchQuery(countingPolicyQuery());
  void client.prefetchQuery(settingsQuery());
}

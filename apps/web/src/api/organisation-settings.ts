/**
 * `GET /api/organisation/settings`: fiscal-year start and non-addressable categories,
 * read by Goals & Settings and by the dashboards' 'Base' lines.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { OrganisationSettings } from '@spotzcity/shared/goals';
import { api } from './client.ts';
import { sharedKeys } from './query-keys.ts';

export const settingsKey = sharedKeys.organisationSettings;

export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<OrganisationSettings>>('/api/organisation/settings', { signal })
        .then((r) => r.data),
  });

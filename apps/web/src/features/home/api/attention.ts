/** `GET /api/home/attention`: what needs attention today, read afresh at every visit. */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { HomeAttention } from '@spotzcity/shared/home';
import { api } from '../../../api/client.ts';
import { featureKeys } from '../../../api/query-keys.ts';

export const homeKeys = featureKeys('home');

export const attentionQuery = () =>
  queryOptions({
    queryKey: homeKeys.report('attention'),
    queryFn: ({ signal }) =>
      api.get<Envelope<HomeAttention>>('/api/home/attention', { signal }).then((r) => r.data),
    // Certificates, matches and imports change on other screens: the home page asks again.
    refetchOnMount: 'always',
  });

/** `GET /api/programs/categories`: the organisation's program categories, for their goals. */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ProgramCategory } from '@spotzcity/shared/programs';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const programCategoriesQuery = () =>
  queryOptions({
    queryKey: [...sharedKeys.programs.all, 'categories'] as const,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<ProgramCategory[]>>('/api/programs/categories', { signal })
        .then((r) => r.data),
  });

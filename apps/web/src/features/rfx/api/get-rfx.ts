import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { RfxRecord } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';
import { rfxKeys } from './keys.ts';

/** `GET /api/rfx/detail/:id`: one RFx with its suppliers, for the edit form. */
export const rfxQuery = (id: number) =>
  queryOptions({
    queryKey: rfxKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<Envelope<RfxRecord>>(`/api/rfx/detail/${id}`, { signal }).then((r) => r.data),
  });

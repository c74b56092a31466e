import type { Envelope } from '@spotzcity/shared/api';
import type { ImportChoice, ImportJob } from '@spotzcity/shared/spend-imports';
import { api } from '../../../api/client.ts';

/**
 * `POST /api/file/imports/:id/decision`: for an import held because its rows overlap earlier
 * files — import anyway, replace the earlier files, or cancel.
 */
export const decideImport = (id: number, choice: ImportChoice) =>
  api.post<Envelope<ImportJob>>(`/api/file/imports/${id}/decision`, { choice });

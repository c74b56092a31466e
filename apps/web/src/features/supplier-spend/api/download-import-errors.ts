import { download } from '../../../api/client.ts';

/** `GET /api/file/imports/:id/errors`: every problem of a refused import, as a workbook. */
export const downloadImportErrors = (id: number) =>
  download(`/api/file/imports/${id}/errors`, undefined, { method: 'GET' });

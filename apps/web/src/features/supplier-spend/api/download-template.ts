import { download } from '../../../api/client.ts';

/** `GET /api/file/template`: the spend template behind the 'HERE' link. */
export const downloadTemplate = () => download('/api/file/template', undefined, { method: 'GET' });

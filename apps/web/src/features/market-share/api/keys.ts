import { featureKeys } from '../../../api/query-keys.ts';

/** Every market-share query: the list and the dashboard's parts by its parameters. */
export const marketShareKeys = featureKeys('market-share');

import { featureKeys } from '../../../api/query-keys.ts';

/** Every cost-savings query: the list, one case, the dashboard's parts by years. */
export const costSavingKeys = featureKeys('cost-savings');

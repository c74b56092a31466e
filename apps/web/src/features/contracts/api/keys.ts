import { featureKeys } from '../../../api/query-keys.ts';

/** Every contract query: the list, one contract, the year dashboard's parts. */
export const contractKeys = featureKeys('contracts');

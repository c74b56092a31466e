import { featureKeys } from '../../../api/query-keys.ts';

/** Every RFx query: the list, one RFx, the dashboard's parts by period. */
export const rfxKeys = featureKeys('rfx');

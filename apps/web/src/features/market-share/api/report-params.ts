import type { Span } from '@spotzcity/shared/market-share';

/** The report parameters as the dashboard's URL carries them (so a reload keeps the report). */
export interface ReportParams {
  span: Span;
  spanKeys: string[];
  fromDate?: string;
  toDate?: string;
}

export const toBody = (params: ReportParams) => ({
  span: params.span,
  spanKeys: params.spanKeys,
  ...(params.fromDate ? { fromDate: params.fromDate } : {}),
  ...(params.toDate ? { toDate: params.toDate } : {}),
});

export function toSearch(params: ReportParams): string {
  const search = new URLSearchParams({ span: params.span });
  for (const key of params.spanKeys) search.append('key', key);
  if (params.fromDate) search.set('from', params.fromDate);
  if (params.toDate) search.set('to', params.toDate);
  return search.toString();
}

export function fromSearch(search: URLSearchParams): ReportParams | undefined {
  const span = search.get('span');
  if (span !== 'city' && span !== 'state' && span !== 'zip') return undefined;
  return {
    span,
    spanKeys: search.getAll('key'),
    fromDate: search.get('from') ?? undefined,
    toDate: search.get('to') ?? undefined,
  };
}

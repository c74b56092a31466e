import type { Paged } from '@spotzcity/shared/api';
import type { SortOrder } from '@spotzcity/shared/enums';
import type { DiversityEvent, EventFilters, EventType } from '@spotzcity/shared/diversity-events';
import { api } from '../../../api/client.ts';

export interface EventQuery {
  eventType: EventType;
  filters: EventFilters;
  sortOrder?: SortOrder | undefined;
}

export const eventKeys = {
  all: ['diversityEvents'] as const,
  list: (q: EventQuery) => ['diversityEvents', 'list', q] as const,
};

/** `POST /api/diversity_events/list` with `{eventType, filters, sortOn, sortOrder, pageNumber}`. */
export const fetchEvents = (q: EventQuery, pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<DiversityEvent>>(
    '/api/diversity_events/list',
    {
      eventType: q.eventType,
      filters: q.filters,
      // The spec's sort name ("sorting is on startDate").
      ...(q.sortOrder ? { sortOn: 'startDate', sortOrder: q.sortOrder } : {}),
      pageNumber,
    },
    { signal },
  );

export const UPLOAD_EVENTS_PATH = '/api/diversity_events/upload';
export const EVENTS_TEMPLATE_PATH = '/api/diversity_events/template';

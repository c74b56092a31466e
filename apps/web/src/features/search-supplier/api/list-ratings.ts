import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@spotzcity/shared/api';
import type { RatingListItem } from '@spotzcity/shared/ratings';
import { api } from '../../../api/client.ts';

export const RATINGS_PAGE_SIZE = 5;

export const ratingKeys = {
  all: ['supplierRatings'] as const,
  list: (duns: string, pageNumber: number) => ['supplierRatings', duns, pageNumber] as const,
};

/** `POST /api/supplier/rating/list` with `{duns, pageNumber}`: the detail's 'Rating & Comments'. */
export const ratingListQuery = (duns: string, pageNumber: number) =>
  queryOptions({
    queryKey: ratingKeys.list(duns, pageNumber),
    queryFn: ({ signal }) =>
      api.post<Paged<RatingListItem>>(
        '/api/supplier/rating/list',
        { duns, pageNumber, pageSize: RATINGS_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

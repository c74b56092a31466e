import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager.tsx';

describe('pagerItems', () => {
  it('shows every page when they fit in 5 visible plus 2 margin pages each side', () => {
    expect(pagerItems(0, 9)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('shows 5 pages around the current one and 2 at each end, with gaps', () => {
    expect(pagerItems(10, 30)).toEqual([0, 1, null, 8, 9, 10, 11, 12, null, 28, 29]);
    expect(pagerItems(0, 30)).toEqual([0, 1, 2, 3, 4, null, 28, 29]);
    expect(pagerItems(29, 30)).toEqual([0, 1, null, 25, 26, 27, 28, 29]);
  });
});

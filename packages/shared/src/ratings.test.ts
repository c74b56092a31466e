import { describe, expect, it } from 'vitest';
import { ratingSubmissionSchema } from './ratings.ts';

describe('a rating submission', () => {
  it('takes half stars from 0.5 to 5 and a DUNS written with dashes', () => {
    const parsed = ratingSubmissionSchema.parse({ rating: '4.5', duns: '12-345-6789' });
    expect(parsed).toMatchObject({ rating: 4.5, duns: '123456789' });
    for (const rating of [0.5, 1, 5]) {
      expect(ratingSubmissionSchema.safeParse({ rating, supplierName: 'A' }).success).toBe(true);
    }
    for (const rating of [0, 0.25, 5.5, -1, Number.NaN]) {
      expect(ratingSubmissionSchema.safeParse({ rating, supplierName: 'A' }).success).toBe(false);
    }
  });
});

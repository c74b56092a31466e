import { describe, expect, it } from 'vitest';
import { eventListRequestSchema, parseEventRow } from './diversity-events.ts';

const ctx = { date1904: false };

describe('parseEventRow', () => {
  it('reads a row with loose type names, text dates and counts written with commas', () => {
    const result = parseEventRow(
      {
        eventType: 'consumer',
        eventName: ' Expo ',
        startDate: '3/5/2027',
        attendance: '1,200',
        exhibitor: 80,
      },
      ctx,
    );
    expect(result).toEqual({
      ok: true,
      row: {
        eventType: 'Consumers',
        category: null,
        eventName: 'Expo',
        city: null,
        state: null,
        attendance: 1200,
        exhibitor: 80,
        startDate: '2027-03-05',
        description: null,
      },
    });
  });

  it('names every problem of a row', () => {
    const result = parseEventRow({ eventType: 'Webinar', startDate: 'soon', attendance: -1 }, ctx);
    expect(result).toEqual({
      ok: false,
      problems: [
        { column: 'eventType', message: 'Must be one of: Trade, Conference, Consumers' },
        { column: 'eventName', message: 'Required' },
        { column: 'startDate', message: 'Enter Valid Date' },
        { column: 'attendance', message: 'Must be a whole number of 0 or more' },
      ],
    });
  });
});

describe('eventListRequestSchema', () => {
  it('defaults to the Trade tab without filters and upper-cases the sort order', () => {
    expect(eventListRequestSchema.parse({ sortOn: 'date', sortOrder: 'desc' })).toMatchObject({
      eventType: 'Trade',
      filters: {},
      sortOrder: 'DESC',
      pageNumber: 0,
    });
  });

  it('refuses a date range that ends before it starts', () => {
    const result = eventListRequestSchema.safeParse({
      filters: { fromDate: '2027-02-01', toDate: '2027-01-01' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter Valid Date');
  });
});

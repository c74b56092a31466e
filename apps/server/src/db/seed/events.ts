/**
 * Demo diversity events: about sixty trade shows, conferences and consumer events spread over the
 * coming year, generated from a seed (deterministic, no network) and stored through the same
 * upsert as an uploaded events list.
 */
import { EVENT_TYPES, type EventRow } from '@spotzcity/shared/diversity-events';
import type { DbOrTx } from '../client.ts';
import { upsertEvents } from '../../modules/diversity-events/service.ts';
import { random } from './spend-generator.ts';

const CITIES = [
  ['Chicago', 'IL'],
  ['Atlanta', 'GA'],
  ['Houston', 'TX'],
  ['Los Angeles', 'CA'],
  ['New York', 'NY'],
  ['Detroit', 'MI'],
  ['Charlotte', 'NC'],
  ['Phoenix', 'AZ'],
  ['Denver', 'CO'],
  ['Seattle', 'WA'],
  ['Miami', 'FL'],
  ['Baltimore', 'MD'],
  ['Columbus', 'OH'],
  ['Nashville', 'TN'],
  ['Minneapolis', 'MN'],
] as const;

const CATEGORIES = [
  'Manufacturing',
  'Construction',
  'Information Technology',
  'Healthcare',
  'Energy & Utilities',
  'Transportation & Logistics',
  'Professional Services',
  'Food & Beverage',
  'Retail',
  'Government Contracting',
] as const;

const NAMES: Record<(typeof EVENT_TYPES)[number], readonly string[]> = {
  Trade: [
    'Supplier Diversity Expo',
    'Minority Business Trade Fair',
    'Diverse Supplier Matchmaker',
    'Women-Owned Business Trade Show',
    'Veteran Business Procurement Fair',
  ],
  Conference: [
    'Supplier Diversity Summit',
    'Inclusive Procurement Conference',
    'Diverse Business Leadership Forum',
    'Small Business Procurement Conference',
    'Economic Inclusion Symposium',
  ],
  Consumers: [
    'Buy Local Diverse Marketplace',
    'Minority-Owned Makers Market',
    'Community Business Showcase',
    'Women Entrepreneurs Pop-Up',
    'Heritage Business Festival',
  ],
};

const DESCRIPTIONS: Record<(typeof EVENT_TYPES)[number], string> = {
  Trade:
    'Exhibit hall and one-on-one matchmaking between certified diverse suppliers and corporate buyers.',
  Conference:
    'Keynotes, procurement workshops and panels on growing spend with diverse and small businesses.',
  Consumers:
    'Open to the public: products and services from local minority-, women- and veteran-owned businesses.',
};

export function generateEvents(today: Date, perType = 20, seed = 2026): EventRow[] {
  const rng = random(seed);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const events: EventRow[] = [];
  for (const eventType of EVENT_TYPES) {
    for (let i = 0; i < perType; i += 1) {
      const [city, state] = rng.pick(CITIES);
      const category = rng.pick(CATEGORIES);
      const date = new Date(start + rng.int(7, 365) * 86_400_000).toISOString().slice(0, 10);
      const big = eventType === 'Conference' ? 1 : eventType === 'Trade' ? 2 : 3;
      events.push({
        eventType,
        category,
        eventName: `${city} ${rng.pick(NAMES[eventType])} ${date.slice(0, 4)}`,
        city,
        state,
        attendance: rng.int(3, 40) * 50 * big,
        exhibitor: eventType === 'Conference' ? rng.int(10, 60) : rng.int(40, 300),
        startDate: date,
        description: DESCRIPTIONS[eventType],
      });
    }
  }
  return events;
}

export async function seedEvents(tx: DbOrTx, today: Date) {
  const events = generateEvents(today);
  const columns: Record<string, unknown[]> = {};
  for (const key of Object.keys(events[0]!) as (keyof EventRow)[]) {
    columns[key] = events.map((e) => e[key]);
  }
  await upsertEvents(tx, null, { lines: events.map((_, i) => i + 2), columns });
}

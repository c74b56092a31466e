/**
 * Demo RFx and contracts for the demo organisation: two calendar years (last year and this one,
 * up to today) of sourcing events that invite the demo spend's own suppliers (same names and
 * vendor IDs), their outcomes, and the contracts awarded from them plus older agreements still
 * running. Generated from a fixed seed: the same day always gives the same data; nothing is
 * fetched.
 */
import { REASONS_FOR_LOSS, type RfxType } from '@spotzcity/shared/rfx';
import type { Tx } from '../client.ts';
import { contracts, rfx, rfxSuppliers } from '../schema/index.ts';
import { random, type GeneratedSupplier, type Random } from './spend-generator.ts';

const FIRST_NAMES = [
  'Keisha',
  'Luis',
  'Heather',
  'Mark',
  'Priya',
  'Joseph',
  'Ray',
  'Anne',
  'Kevin',
  'Laura',
  'Dave',
  'Maria',
  'Tom',
  'Susan',
  'Olu',
  'Casey',
  'Brian',
  'Andre',
  'Rosa',
  'Nathan',
  'Samir',
  'Paul',
  'Erin',
  'Grace',
  'Chris',
  'Linda',
  'Monique',
  'Jim',
  'Karen',
  'Neil',
];
const LAST_NAMES = [
  'Brown',
  'Ortega',
  'Lang',
  'Feldman',
  'Raman',
  'Whitehorse',
  'Castillo',
  'Whitaker',
  'Tran',
  'Mitchell',
  'Kowalski',
  'Delgado',
  'Becker',
  'Hale',
  'Adeyemi',
  'Morgan',
  'Kelly',
  'Jackson',
  'Jimenez',
  'Price',
  'Haddad',
  'Jensen',
  'Walsh',
  'Kim',
  'Dalton',
  'Park',
  'Baptiste',
  'Novak',
];

const CATEGORY_MANAGERS = ['Dana Whitfield', 'Marcus Bell', 'Elena Petrova', 'Samuel Okafor'];

/** Sourcing events by spend category: names and the range of their contract value in dollars. */
const EVENTS: Record<string, { names: string[]; min: number; max: number }> = {
  'IT Services': {
    names: ['Help desk outsourcing', 'Network refresh', 'ERP support services', 'Laptop fleet'],
    min: 80_000,
    max: 2_400_000,
  },
  'Professional Services': {
    names: ['Engineering design services', 'Audit support', 'Process improvement consulting'],
    min: 75_000,
    max: 1_200_000,
  },
  'Facilities Maintenance': {
    names: ['HVAC preventive maintenance', 'Warehouse lighting retrofit', 'Roof repair program'],
    min: 60_000,
    max: 900_000,
  },
  'Logistics & Freight': {
    names: ['Inbound freight lanes', 'Last-mile delivery', 'Regional LTL carriers'],
    min: 120_000,
    max: 1_800_000,
  },
  'MRO Supplies': {
    names: ['MRO catalog supply', 'Bearings and power transmission', 'Fasteners program'],
    min: 30_000,
    max: 600_000,
  },
  'Raw Materials': {
    names: ['Cold-rolled steel coil', 'Aluminum extrusions', 'Resin pellets'],
    min: 400_000,
    max: 6_500_000,
  },
  'Electrical Components': {
    names: ['Control panels', 'Wire and cable', 'Motor drives'],
    min: 90_000,
    max: 1_400_000,
  },
  Packaging: {
    names: ['Corrugated boxes', 'Stretch film and pallets', 'Custom foam inserts'],
    min: 90_000,
    max: 1_100_000,
  },
  'Office Supplies': {
    names: ['Office supplies catalog', 'Print and copy paper'],
    min: 20_000,
    max: 250_000,
  },
  'Marketing & Printing': {
    names: ['Trade show booth', 'Promotional products', 'Brand campaign agency'],
    min: 25_000,
    max: 500_000,
  },
  Staffing: {
    names: ['Temporary production staffing', 'IT contractors', 'Seasonal warehouse staff'],
    min: 100_000,
    max: 1_500_000,
  },
  Construction: {
    names: ['Dock expansion', 'Parking lot resurfacing', 'Office fit-out'],
    min: 150_000,
    max: 3_200_000,
  },
  'Janitorial Services': {
    names: ['Plant janitorial services', 'Office cleaning services', 'Floor care program'],
    min: 40_000,
    max: 450_000,
  },
  'Safety Equipment': {
    names: ['Safety gloves and PPE', 'Fire protection inspection', 'Fall protection gear'],
    min: 30_000,
    max: 400_000,
  },
  Telecommunications: {
    names: ['Wireless plan consolidation', 'SD-WAN rollout', 'Desk phone replacement'],
    min: 50_000,
    max: 900_000,
  },
  'Catering & Food Services': {
    names: ['Cafeteria services', 'Event catering'],
    min: 20_000,
    max: 300_000,
  },
};

const OTHER_REASONS = [
  'Could not meet the required insurance limits',
  'Withdrew after the site visit',
  'Proposed subcontracting the core scope',
];

const CONTRACT_TYPES: Record<string, string> = {
  RFP: 'Master Services Agreement',
  RFQ: 'Fixed Price',
};

/** Picks one item, each as likely as its weight. */
function weighted<T>(r: Random, items: T[], weight: (item: T) => number) {
  return r.weighted(items.map((item) => [item, weight(item)] as const));
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const addMonths = (d: Date, months: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
const email = (name: string, company: string) =>
  `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${company
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]+/g, '')
    .slice(0, 18)}.example`;
const phone = (r: Random) => `312555${String(r.int(0, 9999)).padStart(4, '0')}`;

const DIVISIONS = [
  { name: 'Operations', costCenter: 'CC-4100' },
  { name: 'Corporate Services', costCenter: 'CC-2200' },
  { name: 'Manufacturing', costCenter: 'CC-5300' },
  { name: 'Information Technology', costCenter: 'CC-3100' },
];

type DemoSupplier = GeneratedSupplier & { contact: string };

/**
 * Seeds the organisation's RFx and contracts with `suppliers` (the demo spend's); `today` fixes
 * "now" (UTC calendar day).
 */
export async function seedProcurementDemo(
  tx: Tx,
  clientRef: number,
  userId: number,
  today: Date,
  suppliers: readonly GeneratedSupplier[],
) {
  const r = random(20_200_601);
  // The people who answer for each supplier; names that fit the form's 50 characters.
  const byCategory = new Map<string, DemoSupplier[]>();
  suppliers
    .filter((s) => s.name.length <= 50)
    .forEach((s, i) => {
      const contact = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`;
      byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), { ...s, contact }]);
    });
  const inCategory = (category: string) => byCategory.get(category) ?? [];
  const now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const firstYear = now.getUTCFullYear() - 1;
  const categories = Object.keys(EVENTS).filter((c) => inCategory(c).length >= 2);
  const awarded: {
    number: string;
    name: string;
    category: string;
    type: RfxType;
    submit: Date;
    value: number;
    winner: DemoSupplier;
    manager: string;
  }[] = [];

  // About five events a month from 1 January last year until today.
  let day = new Date(Date.UTC(firstYear, 0, 2));
  let serial = 0;
  while (day <= now) {
    serial += 1;
    const category = r.pick(categories);
    const event = EVENTS[category]!;
    const typeRoll = r.next();
    const type: RfxType = typeRoll < 0.5 ? 'RFP' : typeRoll < 0.85 ? 'RFQ' : 'RFI';
    const start = day;
    const submit = addDays(start, r.int(14, 45));
    const closed = addDays(submit, 21) <= now;
    const value = Math.round(r.int(event.min, event.max) / 500) * 500;
    const manager = r.pick(CATEGORY_MANAGERS);
    const number = `${type}-${start.getUTCFullYear()}-${String(serial).padStart(3, '0')}`;
    const name = r.pick(event.names);

    // Two to five of the category's suppliers are invited.
    const fit = inCategory(category);
    const invited: DemoSupplier[] = [];
    const wanted = Math.min(r.int(2, 5), fit.length);
    while (invited.length < wanted) {
      const candidate = r.pick(fit);
      if (!invited.includes(candidate)) invited.push(candidate);
    }

    // An RFI gathers information: nobody wins. Otherwise one winner once responses are scored.
    // Large awards go to incumbents more often: the gap the diversity-in-sourcing view shows.
    const weight = (s: DemoSupplier) =>
      s.diversity.includes('NON_DIVERSE') ? (value > 1_000_000 ? 2.6 : 1.6) : 1;
    const winner =
      closed && type !== 'RFI' && r.next() < 0.85 ? weighted(r, invited, weight) : undefined;
    const [created] = await tx
      .insert(rfx)
      .values({
        clientRef,
        rfxNumber: number,
        rfxName: name,
        type,
        category,
        categoryManager: manager,
        startDate: iso(start),
        submitDate: iso(submit),
        contractValue: value.toFixed(2),
        rfxCompleted: closed ? 'Yes' : 'No',
        tzOffset: 360,
        createdBy: userId,
      })
      .returning({ id: rfx.id });
    await tx.insert(rfxSuppliers).values(
      invited.map((s, position) => {
        const deals: 'Won' | 'Loss' | null =
          !closed || type === 'RFI' ? null : s === winner ? 'Won' : 'Loss';
        const reason =
          deals === 'Loss' ? r.pick(REASONS_FOR_LOSS.slice(0, REASONS_FOR_LOSS.length - 1)) : null;
        const other = deals === 'Loss' && r.next() < 0.08;
        return {
          rfxId: created!.id,
          position,
          supplierIncluded: s.name,
          ethnicityCategory: s.ethnicity ?? null,
          diversityCategory: s.diversity,
          deals,
          pointOfContact: deals === 'Won' ? s.contact : null,
          reasonForLoss: other ? 'Other' : reason,
          reasonForLossOther: other ? r.pick(OTHER_REASONS) : null,
        };
      }),
    );
    if (winner) {
      awarded.push({ number, name, category, type, submit, value, winner, manager });
    }
    day = addDays(day, r.int(3, 9));
  }

  // Contracts: most awards become a contract; older agreements are still running or ending.
  const rows: (typeof contracts.$inferInsert)[] = [];
  const contractFor = (
    number: string,
    name: string,
    category: string,
    type: string,
    start: Date,
    months: number,
    value: number,
    supplier: DemoSupplier,
    owner: string,
  ) => {
    const division = r.pick(DIVISIONS);
    rows.push({
      clientRef,
      contractNumber: number,
      contractName: name,
      category,
      contractSignatureDate: iso(addDays(start, -r.int(3, 20))),
      startDate: iso(start),
      endDate: iso(addDays(addMonths(start, months), -1)),
      contractType: type,
      contractValue: value.toFixed(2),
      tzOffset: 360,
      awardeeVendorId: supplier.vendorId,
      awardeeVendorName: supplier.name,
      awardeeEthnicityCategory: supplier.ethnicity ?? null,
      awardeeDiversityCategory: supplier.diversity,
      vendorAccountManagerName: supplier.contact,
      vendorAccountManagerEmail: email(supplier.contact, supplier.name),
      vendorAccountManagerPhone: phone(r),
      divisionName: division.name,
      divisionCostCenter: division.costCenter,
      contractOwnerName: owner,
      contractOwnerEmail: email(owner, 'acme'),
      contractOwnerPhone: phone(r),
      createdBy: userId,
    });
  };

  for (const [i, a] of awarded.entries()) {
    if (r.next() > 0.8) continue;
    const start = addDays(a.submit, r.int(20, 50));
    contractFor(
      `CT-${start.getUTCFullYear()}-${String(100 + i).padStart(3, '0')}`,
      a.name,
      a.category,
      CONTRACT_TYPES[a.type] ?? 'Fixed Price',
      start,
      r.pick([6, 12, 12, 24, 36]),
      a.value,
      a.winner,
      a.manager,
    );
  }
  // Agreements signed before the RFx history began, ending over the two years.
  for (let i = 0; i < 18; i += 1) {
    const category = r.pick(categories);
    const event = EVENTS[category]!;
    const supplier = r.pick(inCategory(category));
    const start = new Date(Date.UTC(firstYear - r.int(1, 3), r.int(0, 11), r.int(1, 28)));
    contractFor(
      `CT-${start.getUTCFullYear()}-${String(900 + i)}`,
      r.pick(event.names),
      category,
      r.pick(['Master Services Agreement', 'Blanket Purchase Agreement', 'Time and Materials']),
      start,
      r.pick([24, 36, 48]),
      Math.round(r.int(event.min, event.max) / 500) * 500,
      supplier,
      r.pick(CATEGORY_MANAGERS),
    );
  }
  await tx.insert(contracts).values(rows);
  return { rfx: serial, contracts: rows.length };
}

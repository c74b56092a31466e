/**
 * Demo RFx and contracts for the demo organisation: two calendar years (last year and this one,
 * up to today) of sourcing events with invited suppliers and their outcomes, and the contracts
 * awarded from them plus older contracts still running. Generated from a fixed seed: the same
 * day always gives the same data, and nothing is fetched.
 */
import type { DiversityType, EthnicityCategory } from '@spotzcity/shared/enums';
import { REASONS_FOR_LOSS, type RfxType } from '@spotzcity/shared/rfx';
import type { Tx } from '../client.ts';
import { contracts, rfx, rfxSuppliers } from '../schema/index.ts';

interface DemoSupplier {
  name: string;
  vendorId: string;
  types: DiversityType[];
  ethnicity?: EthnicityCategory;
  contact: string;
  categories: string[];
}

const S = (
  name: string,
  vendorId: string,
  types: DiversityType[],
  contact: string,
  categories: string[],
  ethnicity?: EthnicityCategory,
): DemoSupplier => ({ name, vendorId, types, contact, categories, ethnicity });

/** Synthetic suppliers (any likeness to a real company is accidental). */
const SUPPLIERS: DemoSupplier[] = [
  S('Bright Path Logistics', 'V-10231', ['MBE'], 'Keisha Brown', ['Logistics', 'Fleet'], 'Black'),
  S('Northline Industrial Supply', 'V-10044', ['NON_DIVERSE'], 'Greg Olsen', [
    'MRO Supplies',
    'Packaging',
  ]),
  S(
    'Riverside Fleet Services',
    'V-10442',
    ['MBE', 'SBE'],
    'Luis Ortega',
    ['Fleet', 'Logistics'],
    'Hispanic',
  ),
  S('Summit Facility Partners', 'V-10518', ['WBE'], 'Heather Lang', ['Facilities', 'Janitorial']),
  S('Keystone Technology Group', 'V-10077', ['NON_DIVERSE'], 'Mark Feldman', ['IT Services']),
  S(
    'Lotus Data Systems',
    'V-10693',
    ['MBE', 'WBE'],
    'Priya Raman',
    ['IT Services', 'Professional Services'],
    'Asian Indian',
  ),
  S(
    'Red Cedar Construction',
    'V-10810',
    ['MBE', 'DBE'],
    'Joseph Whitehorse',
    ['Construction', 'Facilities'],
    'Native American',
  ),
  S('Patriot Secure Solutions', 'V-10355', ['SDVBE', 'VBE'], 'Ray Castillo', ['Security Services']),
  S('Harborview Packaging Co.', 'V-10122', ['NON_DIVERSE'], 'Anne Whitaker', ['Packaging']),
  S(
    'Golden Gate Print & Promo',
    'V-10907',
    ['MBE'],
    'Kevin Tran',
    ['Marketing', 'Office Supplies'],
    'Asian Pacific',
  ),
  S('Meridian Staffing Partners', 'V-10286', ['WBE', 'SBE'], 'Laura Mitchell', [
    'Professional Services',
  ]),
  S('Ironclad Metals Inc.', 'V-10011', ['NON_DIVERSE'], 'Dave Kowalski', ['Raw Materials']),
  S(
    'Sunrise Janitorial Services',
    'V-10733',
    ['MBE', 'WBE'],
    'Maria Delgado',
    ['Janitorial', 'Facilities'],
    'Hispanic',
  ),
  S('Veterans Freight Alliance', 'V-10588', ['VBE'], 'Tom Becker', ['Logistics']),
  S('Prairie Office Essentials', 'V-10149', ['NON_DIVERSE'], 'Susan Hale', ['Office Supplies']),
  S(
    'Unity Engineering Consultants',
    'V-10964',
    ['MBE', '8A'],
    'Olusegun Adeyemi',
    ['Professional Services', 'Construction'],
    'Black',
  ),
  S('Blue Heron Marketing', 'V-10402', ['WBE', 'LGBTBE'], 'Casey Morgan', ['Marketing']),
  S('Atlas Electrical Contractors', 'V-10067', ['NON_DIVERSE'], 'Brian Kelly', [
    'Construction',
    'Facilities',
  ]),
  S('Pinnacle IT Staffing', 'V-10815', ['SDB', 'MBE'], 'Andre Jackson', ['IT Services'], 'Black'),
  S(
    'Canyon Safety Supply',
    'V-10247',
    ['HUB', 'SBE'],
    'Rosa Jimenez',
    ['MRO Supplies'],
    'Hispanic',
  ),
  S('Evergreen Facility Care', 'V-10190', ['DoBE'], 'Nathan Price', ['Janitorial', 'Facilities']),
  S(
    'Crescent Courier Network',
    'V-10641',
    ['MBE'],
    'Samir Haddad',
    ['Logistics'],
    'Multi-Ethnic Business',
  ),
  S('Continental Steel Distributors', 'V-10003', ['NON_DIVERSE'], 'Paul Jensen', [
    'Raw Materials',
    'MRO Supplies',
  ]),
  S('Silverline Cloud Services', 'V-10078', ['NON_DIVERSE'], 'Erin Walsh', ['IT Services']),
  S(
    'Harmony Events & Catering',
    'V-10954',
    ['WBE', 'MBE'],
    'Grace Kim',
    ['Marketing', 'Professional Services'],
    'Asian Pacific',
  ),
  S('Eagle Ridge Fleet Parts', 'V-10501', ['SDVBE'], 'Chris Dalton', ['Fleet', 'MRO Supplies']),
  S('Metro Uniform & Linen', 'V-10380', ['NON_DIVERSE'], 'Linda Park', [
    'Janitorial',
    'Office Supplies',
  ]),
  S(
    'Tidewater Environmental',
    'V-10722',
    ['WBE', 'DBE'],
    'Monique Baptiste',
    ['Facilities', 'Construction'],
    'Black',
  ),
  S('Great Lakes Logistics Corp.', 'V-10020', ['NON_DIVERSE'], 'Jim Sorensen', ['Logistics']),
  S('Allied Facility Services', 'V-10031', ['NON_DIVERSE'], 'Karen Doyle', [
    'Facilities',
    'Janitorial',
  ]),
  S('Vertex Consulting Group', 'V-10052', ['NON_DIVERSE'], 'Robert Lang', [
    'Professional Services',
    'IT Services',
  ]),
  S('Midwest Packaging Solutions', 'V-10088', ['NON_DIVERSE'], 'Tina Brooks', ['Packaging']),
  S('Standard Fleet Supply', 'V-10094', ['NON_DIVERSE'], 'Gary Novak', ['Fleet', 'MRO Supplies']),
  S('Apex Security Corp.', 'V-10101', ['NON_DIVERSE'], 'Steve Marsh', ['Security Services']),
  S('Granite Construction Partners', 'V-10115', ['NON_DIVERSE'], 'Neil Carter', ['Construction']),
  S('OfficePro Distribution', 'V-10133', ['NON_DIVERSE'], 'Wendy Ross', [
    'Office Supplies',
    'Marketing',
  ]),
  S('Titan Metals Corp.', 'V-10160', ['NON_DIVERSE'], 'Frank Ruiz', ['Raw Materials']),
  S('Brightline Marketing Group', 'V-10177', ['NON_DIVERSE'], 'Julie Grant', ['Marketing']),
];

const CATEGORY_MANAGERS = ['Dana Whitfield', 'Marcus Bell', 'Elena Petrova', 'Samuel Okafor'];

/** Sourcing events by category: names and the range of their contract value in dollars. */
const EVENTS: Record<string, { names: string[]; min: number; max: number }> = {
  Facilities: {
    names: ['HVAC preventive maintenance', 'Warehouse lighting retrofit', 'Roof repair program'],
    min: 60_000,
    max: 900_000,
  },
  Janitorial: {
    names: ['Plant janitorial services', 'Office cleaning services', 'Floor care program'],
    min: 40_000,
    max: 450_000,
  },
  'IT Services': {
    names: ['Help desk outsourcing', 'Network refresh', 'ERP support services', 'Laptop fleet'],
    min: 80_000,
    max: 2_400_000,
  },
  Logistics: {
    names: ['Inbound freight lanes', 'Last-mile delivery', 'Regional LTL carriers'],
    min: 120_000,
    max: 1_800_000,
  },
  Fleet: {
    names: ['Fleet maintenance services', 'Forklift leasing', 'Fleet telematics'],
    min: 50_000,
    max: 750_000,
  },
  'MRO Supplies': {
    names: ['MRO catalog supply', 'Safety gloves and PPE', 'Bearings and power transmission'],
    min: 30_000,
    max: 600_000,
  },
  'Professional Services': {
    names: ['Engineering design services', 'Temporary staffing', 'Audit support'],
    min: 75_000,
    max: 1_200_000,
  },
  Marketing: {
    names: ['Trade show booth', 'Promotional products', 'Brand campaign agency'],
    min: 25_000,
    max: 500_000,
  },
  Packaging: {
    names: ['Corrugated boxes', 'Stretch film and pallets', 'Custom foam inserts'],
    min: 90_000,
    max: 1_100_000,
  },
  'Raw Materials': {
    names: ['Cold-rolled steel coil', 'Aluminum extrusions', 'Resin pellets'],
    min: 400_000,
    max: 6_500_000,
  },
  Construction: {
    names: ['Dock expansion', 'Parking lot resurfacing', 'Office fit-out'],
    min: 150_000,
    max: 3_200_000,
  },
  'Security Services': {
    names: ['Site security guards', 'Access control upgrade'],
    min: 70_000,
    max: 800_000,
  },
  'Office Supplies': {
    names: ['Office supplies catalog', 'Print and copy services'],
    min: 20_000,
    max: 250_000,
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

/** mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

function weighted<T>(r: ReturnType<typeof generator>, items: T[], weight: (item: T) => number) {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let roll = r.next() * total;
  for (const item of items) {
    roll -= weight(item);
    if (roll <= 0) return item;
  }
  return items.at(-1)!;
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
const phone = (r: ReturnType<typeof generator>) =>
  `312555${String(r.int(0, 9999)).padStart(4, '0')}`;

const DIVISIONS = [
  { name: 'Operations', costCenter: 'CC-4100' },
  { name: 'Corporate Services', costCenter: 'CC-2200' },
  { name: 'Manufacturing', costCenter: 'CC-5300' },
  { name: 'Information Technology', costCenter: 'CC-3100' },
];

/** Seeds the organisation's RFx and contracts; `today` fixes "now" (UTC calendar day). */
export async function seedProcurementDemo(tx: Tx, clientRef: number, userId: number, today: Date) {
  const r = generator(20_200_601);
  const now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const firstYear = now.getUTCFullYear() - 1;
  const categories = Object.keys(EVENTS);
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

    // Invite the category's suppliers first, then others, 2 to 5 in all.
    const fit = SUPPLIERS.filter((s) => s.categories.includes(category));
    const rest = SUPPLIERS.filter((s) => !s.categories.includes(category));
    const invited: DemoSupplier[] = [];
    const wanted = Math.min(r.int(2, 5), fit.length + rest.length);
    while (invited.length < wanted) {
      const pool = invited.length < fit.length && r.next() < 0.8 ? fit : rest;
      const candidate = r.pick(pool);
      if (!invited.includes(candidate)) invited.push(candidate);
    }

    // An RFI gathers information: nobody wins. Otherwise one winner once responses are scored.
    // Large awards go to incumbents more often: the gap the diversity-in-sourcing view shows.
    const weight = (s: DemoSupplier) =>
      s.types.includes('NON_DIVERSE') ? (value > 1_000_000 ? 2.6 : 1.6) : 1;
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
          diversityCategory: s.types,
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
      awardeeDiversityCategory: supplier.types,
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
    const supplier = r.pick(SUPPLIERS.filter((s) => s.categories.includes(category)));
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

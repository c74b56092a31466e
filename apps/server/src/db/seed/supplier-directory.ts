/**
 * The demo supplier directory: the demo spend's suppliers (same seed, so the same DUNS numbers and
 * names) extended to about 1,000, with contacts, certifications, statuses, NAICS codes and a
 * validated mark. Deterministic and offline; stored through the same upsert as an uploaded list.
 */
import type { SupplierRow } from '@spotzcity/shared/search-supplier';
import type { DbOrTx } from '../client.ts';
import { upsertSuppliers } from '../../modules/search-supplier/service.ts';
import { generateSuppliers, random } from './spend-generator.ts';

/** Primary and additional NAICS codes per spend category. */
const NAICS: Record<string, readonly (readonly [string, string])[]> = {
  'IT Services': [
    ['541512', 'Computer Systems Design Services'],
    ['541511', 'Custom Computer Programming Services'],
    ['518210', 'Computing Infrastructure Providers, Data Processing, Web Hosting'],
  ],
  'Professional Services': [
    ['541611', 'Administrative Management and General Management Consulting Services'],
    ['541618', 'Other Management Consulting Services'],
    ['541219', 'Other Accounting Services'],
  ],
  'Facilities Maintenance': [
    ['561210', 'Facilities Support Services'],
    ['238220', 'Plumbing, Heating, and Air-Conditioning Contractors'],
  ],
  'Logistics & Freight': [
    ['484121', 'General Freight Trucking, Long-Distance, Truckload'],
    ['488510', 'Freight Transportation Arrangement'],
    ['493110', 'General Warehousing and Storage'],
  ],
  'MRO Supplies': [
    ['423840', 'Industrial Supplies Merchant Wholesalers'],
    ['423710', 'Hardware Merchant Wholesalers'],
  ],
  'Raw Materials': [
    ['423510', 'Metal Service Centers and Other Metal Merchant Wholesalers'],
    ['424610', 'Plastics Materials and Basic Forms and Shapes Merchant Wholesalers'],
  ],
  'Electrical Components': [
    ['423610', 'Electrical Apparatus and Equipment Merchant Wholesalers'],
    ['335931', 'Current-Carrying Wiring Device Manufacturing'],
  ],
  Packaging: [
    ['322211', 'Corrugated and Solid Fiber Box Manufacturing'],
    ['561910', 'Packaging and Labeling Services'],
  ],
  'Office Supplies': [
    ['424120', 'Stationery and Office Supplies Merchant Wholesalers'],
    ['423420', 'Office Equipment Merchant Wholesalers'],
  ],
  'Marketing & Printing': [
    ['323111', 'Commercial Printing (except Screen and Books)'],
    ['541810', 'Advertising Agencies'],
  ],
  Staffing: [
    ['561320', 'Temporary Help Services'],
    ['561311', 'Employment Placement Agencies'],
  ],
  Construction: [
    ['236220', 'Commercial and Institutional Building Construction'],
    ['238110', 'Poured Concrete Foundation and Structure Contractors'],
  ],
  'Janitorial Services': [
    ['561720', 'Janitorial Services'],
    ['562111', 'Solid Waste Collection'],
  ],
  'Safety Equipment': [
    ['423450', 'Medical, Dental, and Hospital Equipment and Supplies Merchant Wholesalers'],
    ['339113', 'Surgical Appliance and Supplies Manufacturing'],
  ],
  Telecommunications: [
    ['517111', 'Wired Telecommunications Carriers'],
    ['517112', 'Wireless Telecommunications Carriers (except Satellite)'],
  ],
  'Catering & Food Services': [
    ['722320', 'Caterers'],
    ['722310', 'Food Service Contractors'],
  ],
};

const FIRST_NAMES = [
  'Aisha',
  'Carlos',
  'Dana',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Imani',
  'Jamal',
  'Keiko',
  'Luis',
  'Maya',
  'Nadia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Samuel',
  'Tamika',
  'Victor',
  'Wen',
  'Yolanda',
  'Zane',
  'Brianna',
  'Devon',
];
const LAST_NAMES = [
  'Adeyemi',
  'Brooks',
  'Castillo',
  'Diaz',
  'Edwards',
  'Fong',
  'Gonzalez',
  'Harris',
  'Iyer',
  'Johnson',
  'Khan',
  'Lee',
  'Martinez',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Robinson',
  'Smith',
  'Thomas',
  'Walker',
  'Yazzie',
];
const TITLES = ['President', 'CEO', 'Owner', 'Managing Partner', 'General Manager'];
const ALTERNATE_TITLES = [
  'Sales Director',
  'Operations Manager',
  'Account Executive',
  'Controller',
];

/** Status words per certification: held ones read Certified (a few Pending), others No. */
const STATUS_OF: Record<string, keyof SupplierRow> = {
  MBE: 'minorityOwnedStatus',
  WBE: 'wbeStatus',
  VBE: 'vbeStatus',
  SDVBE: 'sdvbeStatus',
  DoBE: 'dobeStatus',
  DBE: 'dbeStatus',
};

export const DEMO_DIRECTORY_SIZE = 1_080;

export function generateDirectory(seed: number, count = DEMO_DIRECTORY_SIZE): SupplierRow[] {
  const rng = random(seed + 1);
  const slug = (name: string) =>
    name
      .toLowerCase()
      .replace(/\b(inc|llc|corp|co|group)\b\.?/g, '')
      .replace(/[^a-z0-9]+/g, '');
  const phone = () => `${rng.int(201, 989)}555${String(rng.int(0, 9999)).padStart(4, '0')}`;
  return generateSuppliers(count, seed)
    .filter((s) => s.duns !== null)
    .map((s) => {
      const [naics, naicsDescription] = rng.pick(NAICS[s.category] ?? NAICS['IT Services']!);
      const others = (NAICS[s.category] ?? []).filter(([code]) => code !== naics);
      const person = () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
      const domain = `${slug(s.name)}.example`;
      const contact = person();
      const alternate = rng.chance(0.7) ? person() : null;
      const certs = s.diversity.filter((d) => d !== 'NON_DIVERSE');
      const row: SupplierRow = {
        name: s.name,
        duns: s.duns!,
        supplierDbaName: rng.chance(0.25)
          ? s.name.replace(/ (Inc\.|LLC|Corp\.|Co\.|Group)$/, '')
          : null,
        addressLine1: s.addressLine1,
        addressLine2: s.addressLine2,
        city: s.city,
        stateOrProvince: s.state,
        zip: s.zip,
        country: s.country,
        businessStartDate: `${rng.int(1965, 2021)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        websiteUrl: rng.chance(0.85) ? `https://www.${domain}` : null,
        businessContactName: contact,
        businessContactTitle: rng.pick(TITLES),
        businessContactPhone: phone(),
        businessContactEmail: `${contact.split(' ')[0]!.toLowerCase()}@${domain}`,
        alternateContactName: alternate,
        alternateContactTitle: alternate ? rng.pick(ALTERNATE_TITLES) : null,
        alternateContactPhone: alternate ? phone() : null,
        alternateContactEmail: alternate
          ? `${alternate.split(' ')[0]!.toLowerCase()}@${domain}`
          : null,
        minorityOwnedStatus: 'No',
        wbeStatus: 'No',
        vbeStatus: 'No',
        sdvbeStatus: 'No',
        dobeStatus: 'No',
        dbeStatus: 'No',
        primaryNaicsCode: naics,
        primaryNaicsDescription: naicsDescription,
        additionalNaicsCodes: others.length ? others.map(([c]) => c).join(', ') : null,
        additionalNaicsDescription: others.length ? others.map(([, d]) => d).join('; ') : null,
        certifications: certs.join(','),
        industry: s.category,
        tulipValidated: certs.length && rng.chance(0.7) ? 'Yes' : rng.chance(0.3) ? 'No' : null,
        uei: null,
        fein: s.fein,
        // Size facts come from the programs seed (db/seed/programs.ts); the upload keeps them.
        annualReceipts: null,
        employeeCount: null,
      };
      for (const cert of certs) {
        const key = STATUS_OF[cert];
        if (key)
          (row as Record<string, string | null>)[key] = rng.chance(0.1) ? 'Pending' : 'Certified';
      }
      return row;
    });
}

export async function seedDirectory(tx: DbOrTx, seed: number) {
  const rows = generateDirectory(seed);
  const columns: Record<string, unknown[]> = {};
  for (const key of Object.keys(rows[0]!) as (keyof SupplierRow)[]) {
    columns[key] = rows.map((r) => r[key]);
  }
  await upsertSuppliers(tx, { lines: rows.map((_, i) => i + 2), columns });
  return rows.length;
}

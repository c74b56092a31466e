/**
 * Demo cost-saving cases for the demo buyer: two years of sourcing events (last year and this
 * year) across direct and indirect categories, with a realistic vendor diversity mix. Generated
 * from a fixed seed, so every start loads the same cases.
 */
import type { Tx } from '../client.ts';
import { costSavingYears, costSavings } from '../schema/index.ts';

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Template {
  category: string;
  procurement: 'Direct' | 'Indirect';
  vendor: string;
  diversity: string[];
  ethnicity: string | null;
  /** Current contract value, dollars per year. */
  annual: number;
  /** Price per item or per hour. */
  unit: number;
}

const TEMPLATES: Template[] = [
  {
    category: 'Raw Materials',
    procurement: 'Direct',
    vendor: 'Great Lakes Steel Supply',
    diversity: ['MBE'],
    ethnicity: 'Black',
    annual: 2_400_000,
    unit: 612.4,
  },
  {
    category: 'Freight & Logistics',
    procurement: 'Direct',
    vendor: 'Sunbelt Freight Partners',
    diversity: ['WBE'],
    ethnicity: null,
    annual: 960_000,
    unit: 1_850,
  },
  {
    category: 'Packaging',
    procurement: 'Direct',
    vendor: 'Cardinal Corrugated Co.',
    diversity: ['NON_DIVERSE'],
    ethnicity: null,
    annual: 540_000,
    unit: 1.84,
  },
  {
    category: 'IT Services',
    procurement: 'Indirect',
    vendor: 'Pacific Rim Data Systems',
    diversity: ['MBE', 'SDB'],
    ethnicity: 'Asian Pacific',
    annual: 720_000,
    unit: 145,
  },
  {
    category: 'Facilities Management',
    procurement: 'Indirect',
    vendor: 'Lone Star Facility Services',
    diversity: ['VBE', 'SDVBE'],
    ethnicity: 'Hispanic',
    annual: 480_000,
    unit: 38.5,
  },
  {
    category: 'MRO Supplies',
    procurement: 'Direct',
    vendor: 'Keystone Industrial Supply',
    diversity: ['NON_DIVERSE'],
    ethnicity: null,
    annual: 310_000,
    unit: 24.75,
  },
  {
    category: 'Marketing & Advertising',
    procurement: 'Indirect',
    vendor: 'Bright Horizon Creative',
    diversity: ['WBE'],
    ethnicity: 'Multi-Ethnic Business',
    annual: 260_000,
    unit: 165,
  },
  {
    category: 'Staffing',
    procurement: 'Indirect',
    vendor: 'Four Directions Staffing',
    diversity: ['MBE'],
    ethnicity: 'Native American',
    annual: 880_000,
    unit: 52,
  },
  {
    category: 'Electronic Components',
    procurement: 'Direct',
    vendor: 'Indus Precision Electronics',
    diversity: ['MBE'],
    ethnicity: 'Asian Indian',
    annual: 1_350_000,
    unit: 3.12,
  },
  {
    category: 'Janitorial Services',
    procurement: 'Indirect',
    vendor: 'Evergreen Clean Co.',
    diversity: ['WBE'],
    ethnicity: 'Hispanic',
    annual: 190_000,
    unit: 29,
  },
  {
    category: 'Telecommunications',
    procurement: 'Indirect',
    vendor: 'Summit Network Services',
    diversity: ['NON_DIVERSE'],
    ethnicity: null,
    annual: 340_000,
    unit: 58,
  },
  {
    category: 'Raw Materials',
    procurement: 'Direct',
    vendor: 'Heritage Polymers',
    diversity: ['VBE'],
    ethnicity: null,
    annual: 1_100_000,
    unit: 2.36,
  },
  {
    category: 'Freight & Logistics',
    procurement: 'Direct',
    vendor: 'Delta Bridge Transport',
    diversity: ['MBE', 'DBE'],
    ethnicity: 'Black',
    annual: 640_000,
    unit: 1_420,
  },
  {
    category: 'Office Supplies',
    procurement: 'Indirect',
    vendor: 'Rainbow Office Solutions',
    diversity: ['LGBTBE'],
    ethnicity: null,
    annual: 85_000,
    unit: 11.9,
  },
  {
    category: 'IT Services',
    procurement: 'Indirect',
    vendor: 'Veteran Tech Alliance',
    diversity: ['VBE'],
    ethnicity: null,
    annual: 410_000,
    unit: 128,
  },
  {
    category: 'Packaging',
    procurement: 'Direct',
    vendor: 'Magnolia Packaging Group',
    diversity: ['WBE'],
    ethnicity: 'Black',
    annual: 370_000,
    unit: 0.92,
  },
  {
    category: 'Machined Parts',
    procurement: 'Direct',
    vendor: 'Patriot Machining Works',
    diversity: ['VBE', 'SDVBE'],
    ethnicity: null,
    annual: 780_000,
    unit: 46.3,
  },
  {
    category: 'Professional Services',
    procurement: 'Indirect',
    vendor: 'Meridian Advisory Group',
    diversity: ['NON_DIVERSE'],
    ethnicity: null,
    annual: 520_000,
    unit: 210,
  },
  {
    category: 'Electronic Components',
    procurement: 'Direct',
    vendor: 'Cascade Circuit Works',
    diversity: ['NON_DIVERSE'],
    ethnicity: null,
    annual: 1_600_000,
    unit: 4.05,
  },
  {
    category: 'Marketing & Advertising',
    procurement: 'Indirect',
    vendor: 'Pueblo Print & Media',
    diversity: ['MBE', 'WBE'],
    ethnicity: 'Hispanic',
    annual: 150_000,
    unit: 0.38,
  },
];

const round2 = (n: number) => Math.round(n * 100) / 100;
const pad = (n: number) => String(n).padStart(2, '0');

export async function seedCostSavings(tx: Tx, clientRef: number, today = new Date()) {
  const next = random(20_260_115);
  const thisYear = today.getFullYear();
  const firstYear = thisYear - 1;
  let sequence = 0;

  for (const [i, template] of TEMPLATES.entries()) {
    // Half the events ran last year, half this year; this year's start no later than today.
    const startYear = i % 2 === 0 ? firstYear : thisYear;
    const lastMonth = startYear === thisYear ? today.getMonth() + 1 : 12;
    const month = 1 + Math.floor(next() * lastMonth);
    const startDate = `${startYear}-${pad(month)}-01`;
    const contractYears = 1 + Math.floor(next() * 3);
    const end = new Date(Date.UTC(startYear + contractYears, month - 1, 1) - 86_400_000);
    const endDate = end.toISOString().slice(0, 10);

    const currentAnnual = round2(template.annual * (0.9 + next() * 0.2));
    const reduction = 0.04 + next() * 0.14; // 4–18 % better than the current contract
    const currentContractAmount = round2(currentAnnual * contractYears);
    const newlyQuotedContractAmount = round2(currentContractAmount * (1 - reduction));
    const annualSaving = (currentContractAmount - newlyQuotedContractAmount) / contractYears;

    // Savings fall in the calendar years the contract runs through; the first year only counts
    // the months after the start.
    const years: { year: number; amount: string }[] = [];
    const lastYear = Number(endDate.slice(0, 4));
    for (let year = startYear; year <= lastYear; year++) {
      const months =
        year === startYear ? 13 - month : year === lastYear ? Number(endDate.slice(5, 7)) : 12;
      const ramp = year === startYear ? 1 : 1 + next() * 0.08;
      years.push({ year, amount: (annualSaving * (months / 12) * ramp).toFixed(2) });
    }

    sequence += 1;
    const [row] = await tx
      .insert(costSavings)
      .values({
        clientRef,
        rfxOrOpportunityName: `${template.procurement === 'Direct' ? 'RFP' : 'RFQ'}-${startYear}-${pad(sequence)}`,
        winnerVendorName: template.vendor,
        businessCategory: template.category,
        procurementType: template.procurement,
        supplierStatus: next() < 0.55 ? 'Current Supplier' : 'New Supplier',
        currentContractAmount: currentContractAmount.toFixed(2),
        currentSpendPerItem: template.unit.toFixed(2),
        newlyQuotedContractAmount: newlyQuotedContractAmount.toFixed(2),
        newlyQuotedAmountPerTime: round2(template.unit * (1 - reduction)).toFixed(2),
        contractYears,
        startDate,
        endDate,
        vendorDiversity: template.diversity,
        vendorEthnicity: template.ethnicity,
        createdAt: new Date(Date.UTC(startYear, month - 1, 2 + i)),
      })
      .returning({ id: costSavings.id });
    if (!row) throw new Error('Could not create a demo cost saving');
    await tx
      .insert(costSavingYears)
      .values(years.map((y) => ({ costSavingId: row.id, clientRef, ...y })));
  }
}

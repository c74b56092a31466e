/**
 * Demo training material: two short WebM videos made by scripts/make-demo-videos.mjs (about
 * 43 KB each, in ./assets), and modules written here: a one-page PDF, a sample spend data sheet
 * (CSV) and a checklist (text). Nothing is downloaded.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { TrainingType } from '@spotzcity/shared/training';
import type { DbOrTx } from '../client.ts';
import { trainingItems } from '../schema/index.ts';
import type { Storage } from '../../platform/storage.ts';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url));

/** A one-page PDF with Helvetica text lines (title first), with a correct cross-reference table. */
export function simplePdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F2 20 Tf 72 740 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf 0 -34 Td 16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const SPEND_HEADER =
  'Vendor ID,Vendor Name,DUNS,Spend,Address Line 1,Address Line 2,City,State,Zip,Country,FEIN,Ethnicity Category,Diversity Category,Payment Date,Paying Cost Center,Paying Division,Payment Contract Number,Category';
const SPEND_ROWS = [
  'V-1001,Harbor Point Logistics,081234567,18450.00,1200 Wharf St,,Baltimore,MD,21230,USA,52-1234567,Black,MBE,01/15/2024,CC-410,Operations,PC-2024-001,Freight & Logistics',
  'V-1002,Sunrise Office Supply,079876543,3260.75,88 Commerce Ave,Suite 4,Phoenix,AZ,85004,USA,86-7654321,Hispanic,"MBE, WBE",01/22/2024,CC-120,Administration,PC-2024-014,Office Supplies',
  'V-1003,Veteran Built Facilities,065432198,42700.00,45 Liberty Rd,,San Antonio,TX,78205,USA,74-1928374,,SDVBE,02/03/2024,CC-300,Facilities,PC-2024-022,Facilities Maintenance',
  'V-1004,Lotus Data Systems,071122334,27500.00,500 Tech Pkwy,Floor 2,Edison,NJ,08837,USA,22-5566778,Asian Indian,MBE,02/14/2024,CC-220,IT,PC-2024-031,IT Services',
  'V-1005,Prairie Print Works,062233445,1985.40,9 Mill St,,Omaha,NE,68102,USA,47-3344556,,WBE,02/27/2024,CC-120,Marketing,PC-2024-035,Printing',
  'V-1006,Northwind Industrial,054433221,61240.10,3100 Foundry Rd,,Cleveland,OH,44114,USA,34-8899001,,NON_DIVERSE,03/05/2024,CC-410,Operations,PC-2024-040,Raw Materials',
  'V-1007,Rainbow Creative Studio,083344556,8800.00,72 Castro St,,San Francisco,CA,94114,USA,94-2211334,,LGBTBE,03/18/2024,CC-130,Marketing,PC-2024-044,Creative Services',
  'V-1008,Thunderbird Construction,057788990,95000.00,14 Mesa Dr,,Albuquerque,NM,87102,USA,85-6677889,Native American,"MBE, DBE",03/29/2024,CC-300,Facilities,PC-2024-051,Construction',
];

const CHECKLIST = `Supplier Onboarding Checklist

1. Collect the supplier's W-9 and DUNS number.
2. Confirm diversity certifications (MBE, WBE, VBE, SDVBE, DoBE, LGBTBE) and their expiry dates.
3. Record the certifying agency and certificate number.
4. Add the supplier to the next spend upload with its Diversity Category filled in.
5. Invite the supplier to upcoming diversity events.
6. Review the supplier's rating after the first delivery.
`;

interface DemoItem {
  type: TrainingType;
  category: string;
  fileName: string;
  extension: string;
  contentType: string;
  data: () => Buffer;
}

export const DEMO_TRAINING: DemoItem[] = [
  {
    type: 'video',
    category: 'Getting Started',
    fileName: 'Welcome to SpotzCity Training.webm',
    extension: 'webm',
    contentType: 'video/webm',
    data: () => asset('welcome-to-training.webm'),
  },
  {
    type: 'video',
    category: 'Supplier Diversity',
    fileName: 'Supplier Diversity 101.webm',
    extension: 'webm',
    contentType: 'video/webm',
    data: () => asset('supplier-diversity-101.webm'),
  },
  {
    type: 'module',
    category: 'Program Guides',
    fileName: 'Supplier Diversity Program Overview.pdf',
    extension: 'pdf',
    contentType: 'application/pdf',
    data: () =>
      simplePdf('Supplier Diversity Program Overview', [
        'Why it matters: diverse suppliers bring resilience, innovation and local growth.',
        '',
        'Diversity classes we track: MBE, WBE, VBE, SDVBE, DoBE, LGBTBE, DBE, SBE, SDB, 8A, HUB.',
        '',
        'How to report diverse spend in SpotzCity:',
        '  1. Upload your spend file (.xlsx) on the Supplier Spend Report page.',
        '  2. Select the files to include and open the Table View.',
        '  3. Create the Supplier, Spend or Category dashboard.',
        '  4. Export it to PPT, PDF or Excel for your quarterly review.',
        '',
        'Targets: set a yearly diverse-spend goal per business category and review it each quarter.',
      ]),
  },
  {
    type: 'module',
    category: 'Program Guides',
    fileName: 'Supplier Onboarding Checklist.txt',
    extension: 'txt',
    contentType: 'text/plain; charset=utf-8',
    data: () => Buffer.from(CHECKLIST),
  },
  {
    type: 'module',
    category: 'Sample Data Sheets',
    fileName: 'Sample Spend Data Sheet.csv',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    data: () => Buffer.from([SPEND_HEADER, ...SPEND_ROWS, ''].join('\r\n')),
  },
];

/** Stores the demo files and records them; files of a failed insert are removed. */
export async function seedTraining(db: DbOrTx, storage: Storage) {
  const stored: { item: DemoItem; key: string; size: number }[] = [];
  try {
    for (const item of DEMO_TRAINING) {
      const prefix = item.type === 'video' ? 'training/videos' : 'training/modules';
      const { key, size } = await storage.put(prefix, item.extension, Readable.from(item.data()));
      stored.push({ item, key, size });
    }
    await db.insert(trainingItems).values(
      stored.map(({ item, key, size }) => ({
        type: item.type,
        category: item.category,
        source: 'file' as const,
        fileName: item.fileName,
        storageKey: key,
        contentType: item.contentType,
        sizeBytes: size,
      })),
    );
  } catch (error) {
    await Promise.all(stored.map(({ key }) => storage.remove(key)));
    throw error;
  }
}

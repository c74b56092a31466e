/** The Tier 2 report template: one sheet of lines, and how to fill it in. */
import {
  TIER2_COLUMNS,
  TIER2_LINE_TYPES,
  segmentLabel,
  tier2TemplateRows,
  type Tier2Breakdown,
} from '@spotzcity/shared/tier2';
import { DIVERSE_TYPES, DIVERSITY_NAMES } from '@spotzcity/shared/diversity';
import { addTemplateSheet, templateWorkbook } from '../../platform/templates.ts';

export const TIER2_TEMPLATE_FILE_NAME = 'SpotzCity Tier 2 Report Template.xlsx';

export async function tier2Template(
  ask: { breakdown: Tier2Breakdown; segments: readonly string[] },
  buyerName: string,
): Promise<Buffer> {
  const { breakdown, segments } = ask;
  const workbook = await templateWorkbook();
  const sheet = addTemplateSheet(workbook, 'Tier 2 Report', TIER2_COLUMNS, {
    width: (c) => (c.key === 'amount' ? 18 : 26),
    requiredNotes: false,
  });
  for (const row of tier2TemplateRows(breakdown, segments)) sheet.addRow(row);
  sheet.getColumn('amount').numFmt = '#,##0.00';
  const notes = workbook.addWorksheet('How To Fill In');
  const per = segmentLabel(breakdown);
  [
    [`Tier 2 report for ${buyerName}: one quarter per file (pick the quarter when you upload).`],
    ['Replace the example amounts with yours; delete the lines you do not need.'],
    [],
    ['Line Type', 'What it holds'],
    [TIER2_LINE_TYPES.totalRevenue, 'Your total revenue in the quarter (one line, more than 0).'],
    [TIER2_LINE_TYPES.buyerRevenue, `Your revenue from ${buyerName} in the quarter (one line).`],
    [
      TIER2_LINE_TYPES.direct,
      `What you paid diverse suppliers for ${buyerName}'s work, one line per diversity type` +
        (per
          ? ` and ${per.toLowerCase()} (${per} is required: one of the names below).`
          : ' (leave Project / Cost Centre empty).'),
    ],
    ...segments.map((name) => [`  ${per}`, name]),
    [
      TIER2_LINE_TYPES.primeDiverse,
      'Your total diverse spend in the quarter, all customers, one line per diversity type. ' +
        `${buyerName} is allocated the share of it that its revenue share stands for.`,
    ],
    [],
    ['Diversity Category', 'Meaning'],
    ...DIVERSE_TYPES.map((t) => [t, DIVERSITY_NAMES[t]]),
  ].forEach((r) => notes.addRow(r));
  // Printed, each sheet is one page wide (the notes' long column stays beside its line type).
  for (const ws of [sheet, notes]) {
    ws.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  }
  notes.getColumn(1).width = 24;
  notes.getColumn(2).width = 100;
  notes.getRow(4).font = { bold: true };
  notes.getRow(10 + segments.length).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

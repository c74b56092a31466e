/**
 * Tier 2 reporting: a buyer invites its prime suppliers to report, each
 * quarter, what they paid their own diverse suppliers — direct spend for this buyer's work, and
 * indirect spend allocated by the share of the prime's revenue that comes from this buyer.
 * Schemas, the template's columns and row rules, quarters and due dates, shared by the server
 * (routes, the upload's worker) and the web forms.
 */
import { z } from 'zod';
import { cellMoney, cellText, type Cell, type FileColumn } from './cells.ts';
import { DIVERSE_TYPES, diversityLabel } from './diversity.ts';
import type { DiversityType } from './enums.ts';
import { countingRuleSchema } from './verified-diversity.ts';
import { MESSAGES, email, numeric, recordId, requiredAmount, requiredText } from './validation.ts';

export * from './tier2-words.ts';

/** The largest amount a line or a revenue figure can hold: what numeric(14,2) holds. */
export const TIER2_MAX_AMOUNT = 999_999_999_999;

/** Whether the buyer asks for direct spend per project or per cost centre. */
export const TIER2_BREAKDOWNS = ['NONE', 'PROJECT', 'COST_CENTER'] as const;
export type Tier2Breakdown = (typeof TIER2_BREAKDOWNS)[number];
export const TIER2_BREAKDOWN_LABELS: Record<Tier2Breakdown, string> = {
  NONE: 'Whole buyer',
  PROJECT: 'Per project',
  COST_CENTER: 'Per cost centre',
};
/** The column's name for a buyer's breakdown. */
export const segmentLabel = (breakdown: Tier2Breakdown) =>
  breakdown === 'PROJECT' ? 'Project' : breakdown === 'COST_CENTER' ? 'Cost Centre' : '';

/**
 * A buyer's link to a prime, as the prime's organisation answered it: PENDING until one of its
 * users accepts or declines. Only an ACCEPTED link is reported on and counted.
 */
export const TIER2_LINK_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED'] as const;
export type Tier2LinkStatus = (typeof TIER2_LINK_STATUSES)[number];
export const TIER2_LINK_STATUS_LABELS: Record<Tier2LinkStatus, string> = {
  PENDING: 'Awaiting acceptance',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};

export const TIER2_MESSAGES = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  alreadyInvited: 'This prime supplier is already invited.',
  accepted: (buyer: string) => `You now report Tier 2 spend to ${buyer}.`,
  declined: (buyer: string) => `You declined the request of ${buyer}.`,
  alreadyAnswered: 'This request has already been answered.',
  requestNotFound: 'Tier 2 request not found',
  notOpen: 'This quarter is not open for reporting yet.',
  beforeFirst: 'This quarter is before the first quarter the buyer asked for.',
  saved: 'Tier 2 report saved.',
  uploaded: 'Tier 2 report uploaded.',
  totalRevenuePositive: 'Total revenue must be more than 0.',
  buyerRevenueTooLarge: 'Revenue from this buyer cannot be more than total revenue.',
  diversityType: `Must be one diversity type: ${DIVERSE_TYPES.join(', ')}`,
  lineType: 'Must be Total Revenue, Revenue From Buyer, Direct or Prime Diverse Spend',
  duplicate: 'The same line appears twice',
  segmentRequired: (label: string) =>
    `${label} is required: the buyer asks per ${label.toLowerCase()}`,
  segmentNotAsked: 'Leave empty: the buyer does not ask for a breakdown',
  segmentUnknown: (label: string, names: readonly string[]) =>
    `Must be one of the buyer's ${label.toLowerCase()}s: ${names.join(', ')}`,
  segmentsRequired: (label: string) => `Name at least one ${label.toLowerCase()}`,
  segmentsNotAsked: 'Leave empty: the whole buyer is reported, without a breakdown',
  segmentTwice: 'The same name appears twice',
  breakdownSaved: (company: string) => `${company} is asked for the new breakdown.`,
  segmentNotOnPrimeSpend: 'Leave empty on Prime Diverse Spend and revenue lines',
  diversityNotOnRevenue: 'Leave empty on revenue lines',
  missingLine: (line: string) => `The file has no ${line} line`,
  templateExample:
    "These are the template's example lines, not your figures: " +
    'replace the example amounts with yours and upload the file again.',
  notFound: 'Tier 2 report not found',
  primeNotFound: 'Prime supplier not found',
} as const;

/* ---------- Quarters ---------- */

export interface Quarter {
  year: number;
  quarter: number;
}
export const quarterLabel = (q: Quarter) => `Q${q.quarter} ${q.year}`;
export const quarterIndex = (q: Quarter) => q.year * 4 + (q.quarter - 1);
export const quarterOfIndex = (i: number): Quarter => ({
  year: Math.floor(i / 4),
  quarter: (i % 4) + 1,
});
/** The quarter of a `YYYY-MM-DD` date. */
export const quarterOf = (iso: string): Quarter => ({
  year: Number(iso.slice(0, 4)),
  quarter: Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1,
});
const isoOf = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
/** First and last day of a quarter. */
export const quarterStart = (q: Quarter) => isoOf(q.year, (q.quarter - 1) * 3 + 1, 1);
export const quarterEnd = (q: Quarter) => isoOf(q.year, q.quarter * 3 + 1, 0);
/**
 * A quarter's report is due on the last day of the month after the quarter ends (Q1 on
 * 30 April): a month to close the books, the usual term of Tier 2 programs.
 */
export const quarterDueDate = (q: Quarter) => isoOf(q.year, q.quarter * 3 + 2, 0);
/** Reminder before the due date: this many days ahead. */
export const TIER2_REMINDER_DAYS_BEFORE = 7;

export type Tier2QuarterStatus = 'REPORTED' | 'DUE' | 'OVERDUE' | 'OPEN';
export const TIER2_STATUS_LABELS: Record<Tier2QuarterStatus, string> = {
  REPORTED: 'Reported',
  DUE: 'Due',
  OVERDUE: 'Overdue',
  OPEN: 'Open',
};
/**
 * A quarter not reported: OPEN while it runs (a prime may report early), DUE once it has ended,
 * OVERDUE after its due date.
 */
export function quarterStatus(q: Quarter, today: string, reported: boolean): Tier2QuarterStatus {
  if (reported) return 'REPORTED';
  if (today > quarterDueDate(q)) return 'OVERDUE';
  if (today > quarterEnd(q)) return 'DUE';
  return 'OPEN';
}

/* ---------- Allocation ---------- */

/**
 * Indirect Tier 2 spend of one diversity type: the prime's diverse spend of that type times the
 * share of its revenue that comes from this buyer, in cents rounded half away from zero. The
 * server computes the same in SQL (numeric); the web shows this as the form is filled in.
 */
export function allocateIndirect(
  buyerRevenue: number,
  totalRevenue: number,
  primeDiverseSpend: number,
): number {
  if (!(totalRevenue > 0)) return 0;
  const cents = Math.round((primeDiverseSpend * 100 * buyerRevenue) / totalRevenue);
  return cents / 100;
}

/** The revenue share in percent with two decimals. */
export const revenueSharePercent = (buyerRevenue: number, totalRevenue: number) =>
  totalRevenue > 0 ? Math.round((buyerRevenue * 10_000) / totalRevenue) / 100 : 0;

/* ---------- Requests ---------- */

const diverseType = () =>
  z.enum(DIVERSE_TYPES as unknown as [DiversityType, ...DiversityType[]], {
    error: TIER2_MESSAGES.diversityType,
  });
const quarterNumber = () =>
  numeric(
    z
      .number({ error: MESSAGES.required })
      .int({ error: MESSAGES.required })
      .min(1, { error: MESSAGES.required })
      .max(4, { error: MESSAGES.maxNumber(4) }),
  );
const yearNumber = () =>
  numeric(
    z
      .number({ error: MESSAGES.required })
      .int({ error: MESSAGES.required })
      .min(2000, { error: MESSAGES.required })
      .max(2100, { error: MESSAGES.maxNumber(2100) }),
  );

/** The most projects or cost centres a buyer lists for one prime. */
export const TIER2_MAX_SEGMENTS = 100;
/** The projects or cost centres a buyer lists for one prime (none for the whole buyer). */
const segmentList = () => z.array(requiredText(100)).max(TIER2_MAX_SEGMENTS).default([]);

/**
 * The list's rules: at least one name when the buyer asks per project or cost centre, none
 * when it does not, and no name twice (ignoring case).
 */
function checkSegmentList(
  input: { breakdown: Tier2Breakdown; segments: string[] },
  ctx: z.RefinementCtx,
) {
  const label = segmentLabel(input.breakdown);
  if (input.breakdown !== 'NONE' && input.segments.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['segments'],
      message: TIER2_MESSAGES.segmentsRequired(label),
    });
  }
  if (input.breakdown === 'NONE' && input.segments.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['segments'], message: TIER2_MESSAGES.segmentsNotAsked });
  }
  const seen = new Set<string>();
  input.segments.forEach((name, i) => {
    const key = name.toLowerCase();
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', path: ['segments', i], message: TIER2_MESSAGES.segmentTwice });
    }
    seen.add(key);
  });
}

/**
 * The buyer's invitation: whom it asks, and what. The names are the buyer's labels in its own
 * list: the mail the prime gets is the product's text with the buyer organisation's name, and
 * carries none of them. Any other field (a message) is dropped.
 */
export const tier2InviteSchema = z
  .object({
    companyName: requiredText(100),
    name: requiredText(100),
    email: email(),
    breakdown: z.enum(TIER2_BREAKDOWNS).default('NONE'),
    segments: segmentList(),
    firstYear: yearNumber(),
    firstQuarter: quarterNumber(),
  })
  .superRefine(checkSegmentList);
export type Tier2InviteInput = z.infer<typeof tier2InviteSchema>;

/** The buyer changes what it asks of a prime: the breakdown and its list of names. */
export const tier2BreakdownSchema = z
  .object({
    breakdown: z.enum(TIER2_BREAKDOWNS),
    segments: segmentList(),
  })
  .superRefine(checkSegmentList);
export type Tier2BreakdownInput = z.infer<typeof tier2BreakdownSchema>;

/**
 * The listed spelling of a project or cost centre a prime entered (case and surrounding spaces
 * ignored), or undefined when the buyer did not list it.
 */
export const matchSegment = (segments: readonly string[], entered: string) => {
  const key = entered.trim().toLowerCase();
  return segments.find((s) => s.toLowerCase() === key);
};

export const tier2QuarterSchema = z.object({ year: yearNumber(), quarter: quarterNumber() });
export const tier2YearSchema = z.object({ year: yearNumber().optional() });
export const tier2PrimeParams = z.object({ primeId: recordId() });

export const tier2DirectLineSchema = z.object({
  diversity: diverseType(),
  segment: z
    .string()
    .trim()
    .max(100, { error: MESSAGES.maxLength(100) })
    .default(''),
  amount: requiredAmount(TIER2_MAX_AMOUNT),
});
export const tier2PrimeLineSchema = z.object({
  diversity: diverseType(),
  amount: requiredAmount(TIER2_MAX_AMOUNT),
});

export const tier2ReportInputSchema = z
  .object({
    year: yearNumber(),
    quarter: quarterNumber(),
    totalRevenue: requiredAmount(TIER2_MAX_AMOUNT),
    buyerRevenue: requiredAmount(TIER2_MAX_AMOUNT),
    direct: z.array(tier2DirectLineSchema).max(500).default([]),
    primeDiverse: z.array(tier2PrimeLineSchema).max(50).default([]),
  })
  .superRefine((input, ctx) => {
    if (!(input.totalRevenue > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['totalRevenue'],
        message: TIER2_MESSAGES.totalRevenuePositive,
      });
    } else if (input.buyerRevenue > input.totalRevenue) {
      ctx.addIssue({
        code: 'custom',
        path: ['buyerRevenue'],
        message: TIER2_MESSAGES.buyerRevenueTooLarge,
      });
    }
    const seen = new Set<string>();
    input.direct.forEach((line, i) => {
      const key = `${line.diversity}\u0001${line.segment.toLowerCase()}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['direct', i], message: TIER2_MESSAGES.duplicate });
      }
      seen.add(key);
    });
    const types = new Set<string>();
    input.primeDiverse.forEach((line, i) => {
      if (types.has(line.diversity)) {
        ctx.addIssue({
          code: 'custom',
          path: ['primeDiverse', i],
          message: TIER2_MESSAGES.duplicate,
        });
      }
      types.add(line.diversity);
    });
  });
export type Tier2ReportInput = z.infer<typeof tier2ReportInputSchema>;

/* ---------- Replies ---------- */

const money = z.string();

export const tier2QuarterStateSchema = z.object({
  year: z.number().int(),
  quarter: z.number().int(),
  dueDate: z.string(),
  status: z.enum(['REPORTED', 'DUE', 'OVERDUE', 'OPEN']),
  submittedAt: z.string().nullable(),
});
export type Tier2QuarterState = z.infer<typeof tier2QuarterStateSchema>;

/** A prime as its buyer sees it: the status list's row. */
export const tier2PrimeSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  breakdown: z.enum(TIER2_BREAKDOWNS),
  segments: z.array(z.string()),
  firstYear: z.number().int(),
  firstQuarter: z.number().int(),
  invitedAt: z.string(),
  /** Whether the prime's organisation accepted; quarters are listed only once it has. */
  status: z.enum(TIER2_LINK_STATUSES),
  quarters: z.array(tier2QuarterStateSchema),
});
export type Tier2Prime = z.infer<typeof tier2PrimeSchema>;

/** A buyer as its prime sees it. */
export const tier2BuyerSchema = z.object({
  primeId: z.number().int(),
  buyerName: z.string(),
  breakdown: z.enum(TIER2_BREAKDOWNS),
  segments: z.array(z.string()),
  quarters: z.array(tier2QuarterStateSchema),
});
export type Tier2Buyer = z.infer<typeof tier2BuyerSchema>;

/** A buyer's request as the prime's organisation sees it before answering, and its answer. */
export const tier2RequestSchema = z.object({
  primeId: z.number().int(),
  buyerName: z.string(),
  breakdown: z.enum(TIER2_BREAKDOWNS),
  segments: z.array(z.string()),
  firstYear: z.number().int(),
  firstQuarter: z.number().int(),
  requestedAt: z.string(),
  status: z.enum(TIER2_LINK_STATUSES),
});
export type Tier2Request = z.infer<typeof tier2RequestSchema>;

export const tier2AllocationSchema = z.object({
  diversity: z.string(),
  primeDiverseSpend: money,
  indirect: money,
});
/** A replaced version of a quarter's report, kept as it was submitted. */
export const tier2VersionSchema = z.object({
  submittedAt: z.string(),
  submittedBy: z.string().nullable(),
  replacedAt: z.string(),
  source: z.enum(['FORM', 'UPLOAD']),
  totalRevenue: money,
  buyerRevenue: money,
  revenueShare: money,
  directTotal: money,
  indirectTotal: money,
});
export type Tier2Version = z.infer<typeof tier2VersionSchema>;

export const tier2ReportSchema = z.object({
  primeId: z.number().int(),
  buyerName: z.string(),
  primeName: z.string(),
  breakdown: z.enum(TIER2_BREAKDOWNS),
  segments: z.array(z.string()),
  year: z.number().int(),
  quarter: z.number().int(),
  dueDate: z.string(),
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
  /** Who submitted the version that counts (null: the account was deleted). */
  submittedBy: z.string().nullable(),
  totalRevenue: money,
  buyerRevenue: money,
  /** Revenue share in percent, two decimals. */
  revenueShare: money,
  direct: z.array(z.object({ diversity: z.string(), segment: z.string(), amount: money })),
  allocation: z.array(tier2AllocationSchema),
  directTotal: money,
  indirectTotal: money,
  /** Direct spend per project or cost centre ('' for the whole buyer). */
  segmentTotals: z.array(z.object({ segment: z.string(), amount: money })),
  /** The versions this one replaced, latest first: who, when and their figures. */
  history: z.array(tier2VersionSchema),
});
export type Tier2Report = z.infer<typeof tier2ReportSchema>;

/** Tier 2 next to Tier 1, per diversity type, for a calendar year. */
export const tier2FiguresSchema = z.object({
  year: z.number().int().nullable(),
  years: z.array(z.number().int()),
  rows: z.array(z.object({ diversity: z.string(), tier1: money, direct: money, indirect: money })),
  tier1Diverse: money,
  directTotal: money,
  indirectTotal: money,
  primes: z.array(
    z.object({
      id: z.number().int(),
      companyName: z.string(),
      quartersReported: z.number().int(),
      direct: money,
      indirect: money,
    }),
  ),
  primesInvited: z.number().int(),
});
export type Tier2Figures = z.infer<typeof tier2FiguresSchema>;

/** The note under a year's Tier 2 figures: the invited primes that reported any quarter of it. */
export const tier2FiguresRequestSchema = z.object({
  year: yearNumber().optional(),
  selectedIds: z.array(recordId()).max(1000).default([]),
  /** The counting rule of the Tier 1 column; as reported in the file without it. */
  countingRule: countingRuleSchema.optional(),
});

/* ---------- The template upload ---------- */

export const TIER2_LINE_TYPES = {
  totalRevenue: 'Total Revenue',
  buyerRevenue: 'Revenue From Buyer',
  direct: 'Direct',
  primeDiverse: 'Prime Diverse Spend',
} as const;
type LineKind = keyof typeof TIER2_LINE_TYPES;
const LINE_BY_TEXT = new Map<string, LineKind>(
  Object.entries(TIER2_LINE_TYPES).map(([k, v]) => [
    v.toLowerCase().replace(/[^a-z]/g, ''),
    k as LineKind,
  ]),
);

export const TIER2_COLUMNS = [
  { key: 'lineType', header: 'Line Type', aliases: ['Type', 'Line'], required: true },
  { key: 'diversity', header: 'Diversity Category', aliases: ['Diversity', 'Diversity Type'] },
  {
    key: 'segment',
    header: 'Project / Cost Centre',
    aliases: ['Project', 'Cost Centre', 'Cost Center', 'Project or Cost Centre'],
  },
  { key: 'amount', header: 'Amount', aliases: ['Spend', 'Revenue'], required: true },
] as const satisfies readonly FileColumn[];
export type Tier2ColumnKey = (typeof TIER2_COLUMNS)[number]['key'];
export const TIER2_HEADER: Record<Tier2ColumnKey, string> = Object.fromEntries(
  TIER2_COLUMNS.map((c) => [c.key, c.header]),
) as Record<Tier2ColumnKey, string>;

export interface Tier2Row {
  lineType: LineKind;
  diversity: string;
  segment: string;
  amount: string;
}

/** One template row, checked by itself (the upload's worker); the whole file is checked after. */
export function parseTier2Row(
  cells: Partial<Record<Tier2ColumnKey, Cell>>,
): { ok: true; row: Tier2Row } | { ok: false; problems: { column: string; message: string }[] } {
  const problems: { column: string; message: string }[] = [];
  const typeText = cellText(cells.lineType ?? null);
  const lineType = typeText
    ? LINE_BY_TEXT.get(typeText.toLowerCase().replace(/[^a-z]/g, ''))
    : undefined;
  if (!typeText) problems.push({ column: 'lineType', message: MESSAGES.required });
  else if (!lineType) problems.push({ column: 'lineType', message: TIER2_MESSAGES.lineType });
  const diversityText = cellText(cells.diversity ?? null) ?? '';
  const diversity =
    DIVERSE_TYPES.find((t) => t.toLowerCase() === diversityText.toLowerCase()) ?? null;
  const isRevenue = lineType === 'totalRevenue' || lineType === 'buyerRevenue';
  if (lineType && !isRevenue) {
    if (!diversityText) problems.push({ column: 'diversity', message: MESSAGES.required });
    else if (!diversity)
      problems.push({ column: 'diversity', message: TIER2_MESSAGES.diversityType });
  } else if (isRevenue && diversityText) {
    problems.push({ column: 'diversity', message: TIER2_MESSAGES.diversityNotOnRevenue });
  }
  const segment = cellText(cells.segment ?? null) ?? '';
  if (segment.length > 100) problems.push({ column: 'segment', message: MESSAGES.maxLength(100) });
  if (segment && lineType && lineType !== 'direct') {
    problems.push({ column: 'segment', message: TIER2_MESSAGES.segmentNotOnPrimeSpend });
  }
  const amount = cellMoney(cells.amount ?? null);
  if (amount === null) problems.push({ column: 'amount', message: MESSAGES.required });
  else if (amount === undefined) problems.push({ column: 'amount', message: MESSAGES.notANumber });
  else if (amount.startsWith('-'))
    problems.push({ column: 'amount', message: MESSAGES.notNegative });
  else if (Number(amount) > TIER2_MAX_AMOUNT) {
    problems.push({ column: 'amount', message: MESSAGES.maxNumber(TIER2_MAX_AMOUNT) });
  }
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    row: { lineType: lineType!, diversity: diversity ?? '', segment, amount: amount! },
  };
}

export interface Tier2RowProblem {
  row: number;
  column: string;
  message: string;
}

/**
 * The whole file's rules, after every row passed by itself: one Total Revenue and one Revenue
 * From Buyer line, the buyer's breakdown on every Direct line, no line twice, revenue from the
 * buyer within total revenue. Answers the report, or the problems by sheet row and column.
 */
export function assembleTier2Rows(
  rows: { line: number; row: Tier2Row }[],
  ask: { breakdown: Tier2Breakdown; segments: readonly string[] },
  quarter: Quarter,
): { ok: true; input: Tier2ReportInput } | { ok: false; problems: Tier2RowProblem[] } {
  const problems: Tier2RowProblem[] = [];
  const at = (line: number, column: Tier2ColumnKey, message: string) =>
    problems.push({ row: line, column: TIER2_HEADER[column], message });
  let total: { line: number; amount: number } | undefined;
  let fromBuyer: { line: number; amount: number } | undefined;
  const direct: Tier2ReportInput['direct'] = [];
  const primeDiverse: Tier2ReportInput['primeDiverse'] = [];
  const seen = new Set<string>();
  const { breakdown, segments } = ask;
  const label = segmentLabel(breakdown);
  for (const { line, row: entered } of rows) {
    // A listed project or cost centre is written as the buyer spelled it.
    const listed = entered.segment ? matchSegment(segments, entered.segment) : undefined;
    const row = listed ? { ...entered, segment: listed } : entered;
    const key = `${row.lineType}\u0001${row.diversity}\u0001${row.segment.toLowerCase()}`;
    if (seen.has(key)) {
      at(line, 'lineType', TIER2_MESSAGES.duplicate);
      continue;
    }
    seen.add(key);
    const amount = Number(row.amount);
    if (row.lineType === 'totalRevenue') total = { line, amount };
    else if (row.lineType === 'buyerRevenue') fromBuyer = { line, amount };
    else if (row.lineType === 'primeDiverse') {
      primeDiverse.push({ diversity: row.diversity as DiversityType, amount });
    } else {
      if (breakdown !== 'NONE' && !row.segment)
        at(line, 'segment', TIER2_MESSAGES.segmentRequired(label));
      else if (breakdown !== 'NONE' && !listed)
        at(line, 'segment', TIER2_MESSAGES.segmentUnknown(label, segments));
      if (breakdown === 'NONE' && row.segment) at(line, 'segment', TIER2_MESSAGES.segmentNotAsked);
      direct.push({ diversity: row.diversity as DiversityType, segment: row.segment, amount });
    }
  }
  const lastLine = rows.length ? rows[rows.length - 1]!.line : 2;
  if (!total) at(lastLine, 'lineType', TIER2_MESSAGES.missingLine(TIER2_LINE_TYPES.totalRevenue));
  else if (!(total.amount > 0)) at(total.line, 'amount', TIER2_MESSAGES.totalRevenuePositive);
  if (!fromBuyer)
    at(lastLine, 'lineType', TIER2_MESSAGES.missingLine(TIER2_LINE_TYPES.buyerRevenue));
  else if (total && fromBuyer.amount > total.amount) {
    at(fromBuyer.line, 'amount', TIER2_MESSAGES.buyerRevenueTooLarge);
  }
  if (!problems.length && onlyExampleLines(rows, ask)) {
    for (const { line } of rows) at(line, 'amount', TIER2_MESSAGES.templateExample);
  }
  if (problems.length) return { ok: false, problems: problems.sort((a, b) => a.row - b.row) };
  return {
    ok: true,
    input: {
      ...quarter,
      totalRevenue: total!.amount,
      buyerRevenue: fromBuyer!.amount,
      direct,
      primeDiverse,
    },
  };
}

/**
 * True when every line is one of the template's example lines, unchanged: the template came back
 * as downloaded (perhaps with lines deleted), so its amounts are the example's, not the prime's.
 */
function onlyExampleLines(
  rows: { row: Tier2Row }[],
  ask: { breakdown: Tier2Breakdown; segments: readonly string[] },
): boolean {
  const key = (type: string, diversity: string, segment: string, amount: number) =>
    [type, diversity, segment.trim().toLowerCase(), amount.toFixed(2)].join('\u0001');
  const examples = new Set(
    tier2TemplateRows(ask.breakdown, ask.segments).map(([type, diversity, segment, amount]) =>
      key(String(type), String(diversity), String(segment), Number(amount)),
    ),
  );
  return (
    rows.length > 0 &&
    rows.every(({ row }) =>
      examples.has(
        key(TIER2_LINE_TYPES[row.lineType], row.diversity, row.segment, Number(row.amount)),
      ),
    )
  );
}

/** The template's example rows (never data: the example's note says so). */
export const tier2TemplateRows = (breakdown: Tier2Breakdown, segments: readonly string[] = []) => {
  // The buyer's own names, so that the example shows what the file must hold.
  const first = segments[0] ?? (breakdown === 'PROJECT' ? 'Substation upgrade' : 'CC-4100');
  const second = segments[1] ?? first;
  const seg = (s: string) => (breakdown === 'NONE' ? '' : s);
  return [
    [TIER2_LINE_TYPES.totalRevenue, '', '', 12_000_000],
    [TIER2_LINE_TYPES.buyerRevenue, '', '', 3_000_000],
    [TIER2_LINE_TYPES.direct, 'MBE', seg(first), 85_000],
    [TIER2_LINE_TYPES.direct, 'WBE', seg(second), 42_500],
    [TIER2_LINE_TYPES.primeDiverse, 'MBE', '', 900_000],
    [TIER2_LINE_TYPES.primeDiverse, 'WBE', '', 400_000],
    [TIER2_LINE_TYPES.primeDiverse, 'VBE', '', 150_000],
  ];
};

export const tier2DiversityOptions = () =>
  DIVERSE_TYPES.map((t) => ({ value: t, label: diversityLabel(t) }));

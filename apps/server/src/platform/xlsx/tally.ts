/**
 * Tallies of the check (decision 0298): while the rows are checked, each checking thread sums
 * the rows' cents and counts them per distinct group of field values (RowModule.tallies), so
 * that the save builds its summaries from a few thousand groups instead of reading a million
 * rows back. A thread finds a row's group without making a string of it (RowTally: two levels of
 * maps on the first two fields, then the few groups under them compared field by field) and
 * writes each group once, as a line of COPY fields, when the check ends; the reading worker
 * merges the threads' lines (Tally) and writes each tally as COPY text: the group's fields, then
 * the spend and the row count.
 *
 * Sums stay exact: cents are whole numbers, and an entry is never allowed past 2^52 (a row's
 * spend is below 2^47 cents); a group that would go past it gets a second entry, and whoever
 * reads the tally sums the entries of a group anyway. No database code here: the worker loads it.
 */
import { Doubles } from './doubles.ts';

/** Past this an entry's cents are not added to, so that every sum stays an exact integer. */
const ENTRY_LIMIT = 2 ** 52;

/**
 * The groups a checking thread keeps at most (a few megabytes). A file with more (say a
 * supplier on every row) gives the tally up: it is not written, and the save reads the rows.
 */
export const MAX_TALLY_GROUPS = 50_000;

/** A tally as it travels from a checking thread to the reading worker. */
export interface TallyData {
  lines: string[];
  /** Float64Array buffers, one value per line. */
  cents: ArrayBuffer;
  counts: ArrayBuffer;
}

/**
 * What a row module says of a tally: the values that make a row's group (rows whose values are
 * all equal, ===, are one group) and how a group is written. The values are read by code written
 * for the row's fields (one property each, so every read stays a fast one), in three parts.
 */
export interface TallySpec<Row = Record<string, unknown>> {
  /** The row's first and second values: two levels of maps on these find its candidates. */
  first(row: Row): unknown;
  second(row: Row): unknown;
  /** The row's other values, in order (a new array, kept by a new group). */
  rest(row: Row): unknown[];
  /** Whether the row's other values are these. */
  same(row: Row, rest: readonly unknown[]): boolean;
  /** A group's values (first, second, then the rest) as COPY fields. */
  line(values: readonly unknown[]): string;
}

interface Group {
  /** The values of the fields after the first two. */
  rest: unknown[];
  cents: number;
  count: number;
}

/** A checking thread's tally: rows grouped by their field values, nothing made per row. */
export class RowTally {
  private readonly groups = new Map<unknown, Map<unknown, Group[]>>();
  /** Groups that reached the limit, with the first two values they were found under. */
  private readonly full: [unknown, unknown, Group][] = [];
  private size = 0;
  /** More groups than allowed: nothing is kept any more. */
  private givenUp = false;

  constructor(
    private readonly spec: TallySpec,
    private readonly maxGroups = MAX_TALLY_GROUPS,
  ) {}

  add(row: Record<string, unknown>, cents: number) {
    if (this.givenUp) return;
    const spec = this.spec;
    const a = spec.first(row);
    const b = spec.second(row);
    let inner = this.groups.get(a);
    if (!inner) this.groups.set(a, (inner = new Map()));
    let list = inner.get(b);
    if (!list) inner.set(b, (list = []));
    for (let g = 0; g < list.length; g += 1) {
      const group = list[g]!;
      if (!spec.same(row, group.rest)) continue;
      if (Math.abs(group.cents) + Math.abs(cents) > ENTRY_LIMIT) {
        this.full.push([a, b, group]);
        list[g] = { rest: group.rest, cents, count: 1 };
      } else {
        group.cents += cents;
        group.count += 1;
      }
      return;
    }
    if ((this.size += 1) > this.maxGroups) {
      this.givenUp = true;
      this.groups.clear();
      this.full.length = 0;
      return;
    }
    list.push({ rest: spec.rest(row), cents, count: 1 });
  }

  /** Every group as a line, with its cents and rows; null when the tally was given up. */
  data(): TallyData | null {
    if (this.givenUp) return null;
    const tally = new Tally();
    const put = (a: unknown, b: unknown, group: Group) =>
      tally.add(this.spec.line([a, b, ...group.rest]), group.cents, group.count);
    for (const [a, inner] of this.groups) {
      for (const [b, list] of inner) for (const group of list) put(a, b, group);
    }
    for (const [a, b, group] of this.full) put(a, b, group);
    return tally.data();
  }
}

/** Groups by their line: the reading worker merges the threads' tallies with it. */
export class Tally {
  private readonly at = new Map<string, number>();
  private readonly lines: string[] = [];
  private readonly cents = new Doubles(1 << 10);
  private readonly counts = new Doubles(1 << 10);

  /** Entries (distinct groups, plus any group's extra entries). */
  get size() {
    return this.lines.length;
  }

  add(line: string, cents: number, count = 1) {
    let i = this.at.get(line);
    if (i === undefined || Math.abs(this.cents.values[i]!) + Math.abs(cents) > ENTRY_LIMIT) {
      i = this.lines.length;
      this.at.set(line, i);
      this.lines.push(line);
      this.cents.push(0);
      this.counts.push(0);
    }
    this.cents.values[i] = this.cents.values[i]! + cents;
    this.counts.values[i] = this.counts.values[i]! + count;
  }

  /** Adds another thread's tally. */
  merge(data: TallyData) {
    const cents = new Float64Array(data.cents);
    const counts = new Float64Array(data.counts);
    for (let i = 0; i < data.lines.length; i += 1) this.add(data.lines[i]!, cents[i]!, counts[i]!);
  }

  data(): TallyData {
    return { lines: this.lines, cents: this.cents.take(), counts: this.counts.take() };
  }

  /** The entries as COPY text: the group's fields, the spend (e.g. -20.10) and the row count. */
  *copyText(linesPerChunk = 4096): Generator<string> {
    let text = '';
    for (let i = 0; i < this.lines.length; i += 1) {
      text += `${this.lines[i]}\t${money(this.cents.values[i]!)}\t${this.counts.values[i]}\n`;
      if ((i + 1) % linesPerChunk === 0) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
  }
}

/** Whole cents as a decimal with two places (-2010 → "-20.10"), exact for any safe integer. */
export function money(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

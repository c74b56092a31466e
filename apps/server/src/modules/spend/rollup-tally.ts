/**
 * The finest spend rollup of a file (domain/spend-rollups.ts: its rows summed per month,
 * supplier, category, state and diversity set, with the least vendor name and DUNS), tallied from
 * the file's checked COPY text instead of grouped from its stored rows (docs/import.md).
 *
 * The save runs it in a thread of its own while the transaction COPYs the same text (import.ts):
 * that COPY keeps one core busy (PostgreSQL's backend, or PGlite on the server's own thread) and
 * the other idle, so the tally is ready when the COPY ends, and the rollup statement that read a
 * million rows back is replaced by a COPY of the groups. The result is the one the SQL grouping
 * gives: every group key is compared as the COPY field text the database stores (the same text,
 * the same value), the spend is summed exactly in cents, the least name and DUNS are chosen by
 * code point, as `min(… collate "C")` does.
 *
 * It also keeps each vendor's (supplier key's) least name, UEI, DUNS, FEIN, state and ZIP, what
 * the match to the supplier directory reads (domain/supplier-matching.ts), so that the match
 * does not group the rows either.
 */
import { Worker } from 'node:worker_threads';
import type { FileVendor } from '../../domain/supplier-matching.ts';
import { workerScriptOf } from '../../platform/worker-scripts.ts';

/** The spend_rollups columns of the tally's COPY text, in its order. */
export const ROLLUP_COPY_COLUMNS = [
  'client_ref',
  'file_id',
  'month',
  'supplier_key',
  'category',
  'state',
  'diversity',
  'is_diverse',
  'spend',
  'row_count',
  'vendor_name',
  'duns',
] as const;

/** The spend_rows columns a tally reads from each line (besides the organisation and file). */
export const TALLY_READ_COLUMNS = [
  'vendor_name',
  'duns',
  'supplier_key',
  'spend',
  'state',
  'diversity',
  'is_diverse',
  'payment_date',
  'category',
  'uei',
  'fein',
  'zip',
] as const;

/** A line the tally cannot take as the database would: the save groups the rows in SQL instead. */
export class TallyUnfit extends Error {}

/** Past this many groups a tally stops (its memory), and the rows are grouped in SQL. */
export const MAX_TALLY_GROUPS = 250_000;
/** Past this many vendors the tally leaves them out, and the match groups the rows in SQL. */
export const MAX_TALLY_VENDORS = 100_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONEY = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/;
const NULL = '\\N';

/** A COPY text field's value (its escapes undone; the caller has handled `\N`). */
function unescapeField(field: string): string {
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, c: string) =>
    c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c,
  );
}

/**
 * Whether `a` sorts before `b` by code point (UTF-8 byte order, PostgreSQL's "C" collation).
 * JavaScript's `<` compares UTF-16 units, which differs only where a character above U+FFFF
 * (a surrogate pair) meets one of U+E000–U+FFFF.
 */
export function codePointLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x += x <= 0xdfff ? 0x2000 : -0x800;
      y += y <= 0xdfff ? 0x2000 : -0x800;
    }
    return x < y;
  }
  return a.length < b.length;
}

/** A COPY field's value, null for `\N`. */
const valueOf = (field: string) => (field === NULL ? null : unescapeField(field));

/** The lower of two values (null: none yet), as SQL's min() over text "C" keeps it. */
function least(current: string | null, candidate: string | null): string | null {
  if (candidate === null || candidate === current) return current;
  return current === null || codePointLess(candidate, current) ? candidate : current;
}

/** PostgreSQL's left(text, 5): the first five characters (code points). */
function firstFive(text: string | null): string | null {
  if (text === null || text.length <= 5) return text;
  let end = 0;
  for (let n = 0; n < 5 && end < text.length; n += 1) {
    const unit = text.charCodeAt(end);
    end += unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, end);
}

/** A copy that does not keep alive the chunk of text `text` was cut from. */
const detached = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** The lowest of two COPY fields by value, either possibly `\N` (SQL's min ignores nulls). */
function leastField(current: string, candidate: string): string {
  if (candidate === NULL || candidate === current) return current;
  if (current === NULL) return detached(candidate);
  return codePointLess(unescapeField(candidate), unescapeField(current))
    ? detached(candidate)
    : current;
}

function centsText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export interface TalliedRollup {
  /** spend_rollups rows as COPY text (ROLLUP_COPY_COLUMNS), UTF-8. */
  copy: Uint8Array;
  groups: number;
  /** Lines tallied: every one of them the file's. */
  rows: number;
  firstPaymentDate: string | null;
  lastPaymentDate: string | null;
  /** Null past MAX_TALLY_VENDORS. */
  vendors: FileVendor[] | null;
}

/**
 * Tallies COPY lines of spend_rows (`columns` in their order; each line starting with `prefix`,
 * the organisation and file) into the file's groups.
 */
export class RollupTally {
  /** Where each column the tally reads is in a line. */
  private readonly at: Record<(typeof TALLY_READ_COLUMNS)[number], number>;
  private readonly fieldCount: number;
  private readonly groups = new Map<string, number>();
  /** Per group: spend in cents (a double while exact, then a bigint), rows, least name, DUNS. */
  private readonly cents: (number | bigint)[] = [];
  private readonly counts: number[] = [];
  private readonly names: string[] = [];
  private readonly duns: string[] = [];
  private readonly keys: string[] = [];
  /** Per group, the least UEI, FEIN and ZIP too, for the vendors (COPY fields). */
  private readonly ueis: string[] = [];
  private readonly feins: string[] = [];
  private readonly zips: string[] = [];
  private rows = 0;
  private first: string | null = null;
  private last: string | null = null;
  /** Field start offsets of the current line, reused. */
  private readonly starts: Int32Array;

  constructor(
    private readonly prefix: string,
    columns: readonly string[],
    private readonly maxGroups = MAX_TALLY_GROUPS,
  ) {
    if (columns[0] !== 'client_ref' || columns[1] !== 'file_id') {
      throw new Error('A spend COPY line starts with its organisation and file');
    }
    this.at = Object.fromEntries(
      TALLY_READ_COLUMNS.map((column) => {
        const index = columns.indexOf(column);
        if (index < 0) throw new Error(`The spend COPY lines have no ${column}`);
        return [column, index];
      }),
    ) as Record<(typeof TALLY_READ_COLUMNS)[number], number>;
    this.fieldCount = columns.length;
    this.starts = new Int32Array(columns.length + 1);
  }

  /** One COPY line, without its line end. */
  add(line: string): void {
    if (!line.startsWith(this.prefix)) throw new TallyUnfit('A line of another file');
    const { starts, fieldCount } = this;
    starts[0] = 0;
    let from = 0;
    for (let f = 1; f < fieldCount; f += 1) {
      const tab = line.indexOf('\t', from);
      if (tab < 0) throw new TallyUnfit('A line with too few fields');
      starts[f] = tab + 1;
      from = tab + 1;
    }
    if (line.indexOf('\t', from) >= 0) throw new TallyUnfit('A line with too many fields');
    starts[fieldCount] = line.length + 1;
    const field = (index: number) => line.slice(starts[index]!, starts[index + 1]! - 1);
    const {
      vendor_name: nameAt,
      duns: dunsAt,
      supplier_key: supplierAt,
      spend: spendAt,
      state: stateAt,
      diversity: diversityAt,
      is_diverse: diverseAt,
      payment_date: dateAt,
      category: categoryAt,
      uei: ueiAt,
      fein: feinAt,
      zip: zipAt,
    } = this.at;

    const date = field(dateAt);
    if (!DATE.test(date)) throw new TallyUnfit(`A payment date the tally does not read: ${date}`);
    const money = MONEY.exec(field(spendAt));
    if (!money) throw new TallyUnfit('A spend the tally does not read');
    const cents =
      (Number(money[2]) * 100 + Number((money[3] ?? '').padEnd(2, '0'))) *
      (money[1] === '-' ? -1 : 1);
    if (!Number.isSafeInteger(cents)) throw new TallyUnfit('A spend beyond exact doubles');

    // The group key is the output line's middle: month, supplier, category, state, diversity set
    // and whether diverse, as the database's COPY fields.
    const key = `${date.slice(0, 8)}01\t${field(supplierAt)}\t${field(categoryAt)}\t${field(stateAt)}\t${field(diversityAt)}\t${field(diverseAt)}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      if (this.groups.size >= this.maxGroups) throw new TallyUnfit('Too many groups to tally');
      group = this.keys.length;
      // Detached: the key is made of slices of the text read, which it would keep alive.
      const kept = detached(key);
      this.groups.set(kept, group);
      this.keys.push(kept);
      this.cents.push(cents);
      this.counts.push(1);
      const name = field(nameAt);
      this.names.push(name === NULL ? NULL : detached(name));
      const duns = field(dunsAt);
      this.duns.push(duns === NULL ? NULL : detached(duns));
      this.ueis.push(leastField(NULL, field(ueiAt)));
      this.feins.push(leastField(NULL, field(feinAt)));
      this.zips.push(leastField(NULL, field(zipAt)));
    } else {
      const sum = this.cents[group]!;
      if (typeof sum === 'number') {
        const next = sum + cents;
        this.cents[group] = Number.isSafeInteger(next) ? next : BigInt(sum) + BigInt(cents);
      } else this.cents[group] = sum + BigInt(cents);
      this.counts[group]! += 1;
      this.names[group] = leastField(this.names[group]!, field(nameAt));
      this.duns[group] = leastField(this.duns[group]!, field(dunsAt));
      this.ueis[group] = leastField(this.ueis[group]!, field(ueiAt));
      this.feins[group] = leastField(this.feins[group]!, field(feinAt));
      this.zips[group] = leastField(this.zips[group]!, field(zipAt));
    }
    if (this.first === null || date < this.first) this.first = date;
    if (this.last === null || date > this.last) this.last = date;
    this.rows += 1;
  }

  /** The groups as spend_rollups COPY text, written straight into one buffer. */
  finish(): TalliedRollup {
    let size = 0;
    for (let g = 0; g < this.keys.length; g += 1) {
      size += this.keys[g]!.length + this.names[g]!.length + this.duns[g]!.length;
    }
    // Characters take up to 3 bytes (a surrogate pair, two characters, takes 4); sums and counts
    // up to 40 more.
    let copy = Buffer.allocUnsafe(3 * size + this.keys.length * (this.prefix.length + 48));
    let at = 0;
    for (let g = 0; g < this.keys.length; g += 1) {
      at += copy.write(this.prefix, at);
      at += copy.write(this.keys[g]!, at);
      at += copy.write(`\t${centsText(BigInt(this.cents[g]!))}\t${this.counts[g]}\t`, at);
      at += copy.write(this.names[g]!, at);
      at += copy.write(`\t${this.duns[g]}\n`, at);
    }
    copy = copy.subarray(0, at);
    return {
      copy,
      groups: this.keys.length,
      rows: this.rows,
      firstPaymentDate: this.first,
      lastPaymentDate: this.last,
      vendors: this.vendorsOfGroups(),
    };
  }

  /**
   * Each vendor's least values, from its groups' (a vendor's rows are the rows of its groups; the
   * least of the least is the least). Its state is in its groups' keys; its ZIP is cut to five
   * characters after the least is taken, which gives the least of the cut ZIPs (a prefix keeps
   * the order).
   */
  private vendorsOfGroups(): FileVendor[] | null {
    const vendors = new Map<string, FileVendor>();
    for (let g = 0; g < this.keys.length; g += 1) {
      const [, supplier, , state] = this.keys[g]!.split('\t') as [string, string, string, string];
      const group: FileVendor = {
        supplier_key: valueOf(supplier)!,
        vendor_name: valueOf(this.names[g]!)!,
        uei: valueOf(this.ueis[g]!),
        duns: valueOf(this.duns[g]!),
        fein: valueOf(this.feins[g]!),
        state: valueOf(state),
        zip: valueOf(this.zips[g]!),
      };
      const v = vendors.get(supplier);
      if (v === undefined) {
        if (vendors.size >= MAX_TALLY_VENDORS) return null;
        vendors.set(supplier, group);
      } else {
        v.vendor_name = least(v.vendor_name, group.vendor_name)!;
        v.uei = least(v.uei, group.uei);
        v.duns = least(v.duns, group.duns);
        v.fein = least(v.fein, group.fein);
        v.state = least(v.state, group.state);
        v.zip = least(v.zip, group.zip);
      }
    }
    return [...vendors.values()].map((v) => ({ ...v, zip: firstFive(v.zip) }));
  }
}

/** What the tally's thread is given. */
export interface TallyInput {
  copyFile: string;
  prefix: string;
  columns: readonly string[];
  maxGroups?: number;
}

export type TallyMessage =
  { type: 'done'; result: TalliedRollup } | { type: 'unfit'; reason: string };

/** The thread's entry (a function: the thread's own bundle has no import.meta.url). */
const workerEntry = () => new URL('./rollup-tally-worker.ts', import.meta.url);

/**
 * Builds the tally thread's script ahead of the first save (the server, once it listens); a
 * failure is left for that save to meet.
 */
export const prepareRollupTally = () =>
  workerScriptOf(workerEntry()).then(
    () => undefined,
    () => undefined,
  );

export interface RunningTally {
  /** The tally, or null when the rows must be grouped in SQL (the reason is in `unfit`). */
  result: Promise<TalliedRollup | null>;
  unfit?: string;
  stop(): Promise<void>;
}

/**
 * Starts tallying `copyFile` in a thread of its own. It never fails: whatever stops it (a line
 * it cannot read, too many groups, its memory, a crash) resolves to null and the save groups the
 * rows in SQL, as before there was a tally.
 */
export function startRollupTally(input: TallyInput): RunningTally {
  let worker: Worker | undefined;
  let stopped = false;
  const running: RunningTally = {
    result: workerScriptOf(workerEntry()).then(
      (script) =>
        new Promise<TalliedRollup | null>((resolve) => {
          if (stopped) return resolve(null);
          let settled = false;
          const unfit = (reason: string) => {
            if (settled) return;
            settled = true;
            running.unfit = reason;
            resolve(null);
          };
          worker = new Worker(script, {
            eval: true,
            workerData: input,
            // Its groups live to the end; a small young generation keeps the thread small.
            resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 8 },
          });
          worker.on('message', (message: TallyMessage) => {
            if (message.type === 'done' && !settled) {
              settled = true;
              // Its COPY text arrives as a Uint8Array (a Buffer in the thread), transferred.
              resolve(message.result);
            } else if (message.type === 'unfit') unfit(message.reason);
          });
          worker.on('error', (error) => unfit(error.message));
          worker.on('exit', (code) => unfit(`the tally's thread ended (${code})`));
        }),
      (error: Error) => {
        running.unfit = error.message;
        return null;
      },
    ),
    async stop() {
      stopped = true;
      await worker?.terminate();
    },
  };
  return running;
}

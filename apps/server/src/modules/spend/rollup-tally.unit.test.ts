import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLLUP_COPY_COLUMNS,
  RollupTally,
  TALLY_READ_COLUMNS,
  TallyUnfit,
  codePointLess,
  startRollupTally,
} from './rollup-tally.ts';

/** The columns of a line below: the organisation, file and line number, then what a tally reads. */
const COLUMNS = ['client_ref', 'file_id', 'line_number', ...TALLY_READ_COLUMNS];

interface Row {
  name: string;
  duns?: string;
  supplier: string;
  spend: string;
  state?: string;
  diversity?: string;
  diverse?: boolean;
  date: string;
  category: string;
  uei?: string;
  fein?: string;
  zip?: string;
}

/** A COPY line of organisation 7, file 3, as the check writes it (nulls as \N). */
const line = (r: Row, n: number) =>
  [
    7,
    3,
    n,
    r.name,
    r.duns ?? '\\N',
    r.supplier,
    r.spend,
    r.state ?? '\\N',
    r.diversity ?? '{"NON_DIVERSE"}',
    r.diverse ? 't' : 'f',
    r.date,
    r.category,
    r.uei ?? '\\N',
    r.fein ?? '\\N',
    r.zip ?? '\\N',
  ].join('\t');

const PREFIX = '7\t3\t';

/** The tally's rows as objects, by its COPY columns. */
function tallied(tally: RollupTally) {
  const text = Buffer.from(tally.finish().copy).toString();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => Object.fromEntries(l.split('\t').map((v, i) => [ROLLUP_COPY_COLUMNS[i], v])));
}

describe('codePointLess', () => {
  it('orders by code point, as UTF-8 bytes and PostgreSQL\'s "C" collation do', () => {
    expect(codePointLess('ACME', 'acme')).toBe(true);
    expect(codePointLess('acme', 'acme widgets')).toBe(true);
    expect(codePointLess('acme', 'acme')).toBe(false);
    // U+FFFD < U+1F600, although JavaScript's '<' (UTF-16 units) says otherwise.
    expect('\u{1F600}' < '\uFFFD').toBe(true);
    expect(codePointLess('\uFFFD', '\u{1F600}')).toBe(true);
    expect(codePointLess('\u{1F600}', '\uFFFD')).toBe(false);
    expect(codePointLess('\u{1F600}', '\u{1F601}')).toBe(true);
    expect(codePointLess('\uD7FF', '\u{10000}')).toBe(true);
  });
});

describe('RollupTally', () => {
  it('sums each group exactly in cents and keeps its least name and DUNS, nulls ignored', () => {
    const tally = new RollupTally(PREFIX, COLUMNS);
    const base = { supplier: 'duns:1', date: '2024-03-15', category: 'IT', state: 'IL' };
    const rows: Row[] = [
      { ...base, name: 'acme', spend: '0.10' },
      { ...base, name: 'ACME', duns: '000000001', spend: '0.2', date: '2024-03-01' },
      { ...base, name: 'b\\\\c', spend: '-1.05', date: '2024-03-31' },
      { ...base, name: 'zed', spend: '12', state: undefined },
      { ...base, name: 'acme', spend: '999999999999.99', date: '2024-04-01' },
      { ...base, name: 'acme', spend: '999999999999.99', date: '2024-04-30' },
    ];
    rows.forEach((r, i) => tally.add(line(r, i + 2)));
    const groups = tallied(tally);
    expect(groups).toEqual([
      {
        client_ref: '7',
        file_id: '3',
        month: '2024-03-01',
        supplier_key: 'duns:1',
        category: 'IT',
        state: 'IL',
        diversity: '{"NON_DIVERSE"}',
        is_diverse: 'f',
        spend: '-0.75',
        row_count: '3',
        vendor_name: 'ACME',
        duns: '000000001',
      },
      expect.objectContaining({ state: '\\N', spend: '12.00', vendor_name: 'zed', duns: '\\N' }),
      // Past 2^53 cents the sum goes on in bigints.
      expect.objectContaining({ month: '2024-04-01', spend: '1999999999999.98', row_count: '2' }),
    ]);
    const result = tally.finish();
    expect(result).toMatchObject({
      groups: 3,
      rows: 6,
      firstPaymentDate: '2024-03-01',
      lastPaymentDate: '2024-04-30',
    });
  });

  it("keeps each vendor's least values for the match, nulls ignored, ZIPs to five characters", () => {
    const tally = new RollupTally(PREFIX, COLUMNS);
    const base = { supplier: 'name:acme', spend: '1', date: '2024-01-01', category: 'IT' };
    tally.add(line({ ...base, name: 'acme', zip: '60601-1234', state: 'IL' }, 2));
    tally.add(line({ ...base, name: 'ACME', uei: 'ZQGGHJH74DW7', fein: '123456789' }, 3));
    tally.add(line({ ...base, name: 'b', zip: '\u{1F600}1234567', state: 'IA' }, 4));
    // COPY text escapes a backslash: the field b\\c is the value b\c.
    tally.add(line({ ...base, supplier: 'name:b\\\\c', name: 'b\\\\c' }, 5));
    expect(tally.finish().vendors).toEqual([
      {
        supplier_key: 'name:acme',
        vendor_name: 'ACME',
        uei: 'ZQGGHJH74DW7',
        duns: null,
        fein: '123456789',
        state: 'IA',
        zip: '60601',
      },
      {
        supplier_key: 'name:b\\c',
        vendor_name: 'b\\c',
        uei: null,
        duns: null,
        fein: null,
        state: null,
        zip: null,
      },
    ]);
    // Across a vendor's groups (two months) the least name is chosen by code point too.
    const months = new RollupTally(PREFIX, COLUMNS);
    months.add(line({ ...base, name: '\u{1F600} Supply' }, 2));
    months.add(line({ ...base, name: '\uFFFD Supply', date: '2024-02-01' }, 3));
    expect(months.finish().vendors!.map((v) => v.vendor_name)).toEqual(['\uFFFD Supply']);
    // left(zip, 5) counts characters: the emoji is one.
    const emoji = new RollupTally(PREFIX, COLUMNS);
    emoji.add(line({ ...base, name: 'n', zip: '\u{1F600}1234567' }, 2));
    expect(emoji.finish().vendors!.map((v) => v.zip)).toEqual(['\u{1F600}1234']);
  });

  it('compares names by value: an escaped backslash or tab sorts as the character', () => {
    const tally = new RollupTally(PREFIX, COLUMNS);
    const base = { supplier: 's', spend: '1', date: '2024-01-01', category: 'IT' };
    // 'a\tb' (escaped '\\t') sorts before 'a b' (tab 0x09 < space 0x20); as text '\\' > ' '.
    tally.add(line({ ...base, name: 'a b' }, 2));
    tally.add(line({ ...base, name: 'a\\tb' }, 3));
    expect(tallied(tally)[0]!.vendor_name).toBe('a\\tb');
  });

  it('refuses what it cannot take as the database would', () => {
    const tally = new RollupTally(PREFIX, COLUMNS);
    const row = { name: 'n', supplier: 's', spend: '1', date: '2024-01-01', category: 'c' };
    expect(() => tally.add(line(row, 2).replace('7\t3', '7\t4'))).toThrow(TallyUnfit);
    expect(() => tally.add(line({ ...row, date: '24-1-1' }, 2))).toThrow(TallyUnfit);
    expect(() => tally.add(line({ ...row, spend: '1e5' }, 2))).toThrow(TallyUnfit);
    expect(() => tally.add(`${line(row, 2)}\textra`)).toThrow(TallyUnfit);
    const small = new RollupTally(PREFIX, COLUMNS, 1);
    small.add(line(row, 2));
    expect(() => small.add(line({ ...row, category: 'other' }, 3))).toThrow(TallyUnfit);
  });
});

describe('startRollupTally', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spotzcity-tally-unit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const row = { name: 'n', supplier: 's', spend: '2.50', date: '2024-01-01', category: 'c' };

  it('tallies a COPY file in its own thread', async () => {
    const file = path.join(dir, 'good.copy');
    writeFileSync(file, `${line(row, 2)}\n${line(row, 3)}\n`);
    const tally = startRollupTally({ copyFile: file, prefix: PREFIX, columns: COLUMNS });
    const result = await tally.result;
    await tally.stop();
    expect(result).toMatchObject({ groups: 1, rows: 2 });
    expect(Buffer.from(result!.copy).toString()).toContain('\t5.00\t2\t');
  });

  it('answers null, with the reason, for a file it cannot take', async () => {
    const file = path.join(dir, 'other.copy');
    writeFileSync(file, `${line(row, 2)}\n${line(row, 3).replace('7\t3', '8\t3')}\n`);
    const tally = startRollupTally({ copyFile: file, prefix: PREFIX, columns: COLUMNS });
    expect(await tally.result).toBeNull();
    expect(tally.unfit).toBe('A line of another file');
    await tally.stop();
  });
});

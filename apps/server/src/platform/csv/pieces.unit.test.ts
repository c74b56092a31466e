/**
 * CSV text as the spend check reads it: encoding and delimiter detected, pieces cut only between
 * records whatever the chunking, records numbered by the line they start on, and a line that is
 * not RFC 4180 CSV named by its number.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Utf8Check, detectDelimiter } from './detect.ts';
import { CsvCutter, MalformedCsv, openCsv, parsePiece, type CsvRow } from './pieces.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'csv-pieces-'));

async function opened(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const csv = await openCsv(file);
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of csv.text((n) => (read += n))) chunks.push(chunk);
  return { ...csv, text: Buffer.concat(chunks).toString('utf8'), read };
}

function rowsOf(text: string, delimiter: ',' | ';' | '\t' | '|' = ',', firstLine = 1) {
  const rows: CsvRow[] = [];
  parsePiece(Buffer.from(text), firstLine, delimiter, (r) => rows.push(...r), 2);
  return rows;
}

describe('detection', () => {
  it('finds the delimiter on the header line, quotes and all', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('Name;Amount;"Date, paid"\nA;"1,5";2026-01-01\n')).toBe(';');
    expect(detectDelimiter('Name\tAmount\tDate\nA, Inc.\t1,234.50\t03/31/2026\n')).toBe('\t');
    expect(detectDelimiter('Name|Amount|Date\nA|1|2\n')).toBe('|');
    expect(detectDelimiter('Name\nA\n')).toBe(',');
    // A header with a comma in a quoted name and semicolons between columns.
    expect(detectDelimiter('"Smith, J";"Amount"\n"Smith, J";12\n')).toBe(';');
  });

  it('reads UTF-8 with and without a mark, UTF-16 with a mark, and Windows-1252 otherwise', async () => {
    const text = 'Vendor Name;Spend\r\nCafé Zoë;1.234,50\r\n';
    const utf8 = await opened('a.csv', Buffer.from(text, 'utf8'));
    expect(utf8.format).toEqual({ encoding: 'utf-8', delimiter: ';' });
    expect(utf8.text).toBe(text);

    const bom = await opened(
      'b.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    );
    expect(bom.format.encoding).toBe('utf-8');
    expect(bom.text).toBe(text);

    const utf16 = await opened(
      'c.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    expect(utf16.format).toEqual({ encoding: 'utf-16le', delimiter: ';' });
    expect(utf16.text).toBe(text);

    const be = Buffer.from(text, 'utf16le').swap16();
    const utf16be = await opened('d.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(utf16be.format.encoding).toBe('utf-16be');
    expect(utf16be.text).toBe(text);

    // é = 0xE9, ë = 0xEB in Windows-1252; and 0x80 is the euro sign there, not in Latin-1.
    const cp1252 = Buffer.from('Vendor Name,Spend\nCaf\xe9 Zo\xeb \x80,12\n', 'latin1');
    const ansi = await opened('e.csv', cp1252);
    expect(ansi.format).toEqual({ encoding: 'windows-1252', delimiter: ',' });
    expect(ansi.text).toBe('Vendor Name,Spend\nCafé Zoë €,12\n');
    expect(ansi.read).toBe(cp1252.length);
  });

  it('keeps a UTF-8 character cut between two chunks valid', () => {
    const bytes = Buffer.from('x€y😀z');
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const check = new Utf8Check();
      check.push(bytes.subarray(0, cut));
      check.push(bytes.subarray(cut));
      expect(check.finish(), `cut at ${cut}`).toBe(true);
    }
    const bad = new Utf8Check();
    bad.push(Buffer.from([0x61, 0xe9, 0x62]));
    expect(bad.finish()).toBe(false);
  });
});

describe('records and their lines', () => {
  it('reads RFC 4180 quoting: delimiters, doubled quotes and line ends inside values', () => {
    const rows = rowsOf('a,b\r\n"x, y","say ""hi"""\r\n"two\r\nlines",z\r\n\r\n1,2');
    expect(rows.map((r) => [r.number, r.cells.slice(1)])).toEqual([
      [1, ['a', 'b']],
      [2, ['x, y', 'say "hi"']],
      [3, ['two\r\nlines', 'z']],
      [5, [null]],
      [6, ['1', '2']],
    ]);
  });

  it('names the line of a value with a stray or unclosed quote', () => {
    const line = (text: string, firstLine = 1) => {
      try {
        rowsOf(text, ',', firstLine);
      } catch (error) {
        expect(error).toBeInstanceOf(MalformedCsv);
        return (error as MalformedCsv).line;
      }
      return undefined;
    };
    expect(line('a,b\n1,2\n3,12" pipe\n4,5\n')).toBe(3);
    expect(line('a,b\n1,2\n3,"x"y\n4,5\n')).toBe(3);
    expect(line('a,b\n"multi\nline",2\n3,"never closed\n4,5\n')).toBe(4);
    expect(line('1,2\n3,"x"y\n', 100)).toBe(101);
  });

  it('cuts pieces between records only, whatever the chunks, with each piece’s first line', () => {
    const records: string[] = ['Vendor Name,Spend,Note'];
    for (let i = 0; i < 300; i += 1) {
      records.push(i % 7 === 0 ? `V${i},${i},"a ""note"", with\nline ${i}"` : `V${i},${i},`);
    }
    const text = `${records.join('\n')}\n`;
    const whole = rowsOf(text);
    for (const chunkSize of [1, 7, 64, 1000]) {
      const cutter = new CsvCutter(256);
      const pieces = [];
      const bytes = Buffer.from(text);
      for (let at = 0; at < bytes.length; at += chunkSize) {
        pieces.push(...cutter.push(Buffer.from(bytes.subarray(at, at + chunkSize))));
      }
      pieces.push(cutter.finish());
      expect(pieces.length).toBeGreaterThan(3);
      const rows = pieces.flatMap((p) => {
        const out: CsvRow[] = [];
        parsePiece(p.bytes, p.firstLine, ',', (r) => out.push(...r));
        return out;
      });
      expect(rows).toEqual(whole);
    }
    expect(whole.at(-1)?.number).toBe(300 + 1 + Math.ceil(300 / 7));
  });
});

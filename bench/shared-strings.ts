/**
 * `npx tsx bench/shared-strings.ts`: the spend check's memory on a workbook whose shared string
 * table is huge but inflates only ~10× (under the zip check's ratio limit), in a process of its
 * own: a hostile upload of tens of megabytes whose table holds hundreds of millions of
 * characters. The server's limits (config.ts) apply; the figure is the process's peak RSS
 * (VmHWM) and how the check ended.
 *
 *   npx tsx bench/shared-strings.ts               a 300 MB table
 *   npx tsx bench/shared-strings.ts --mb 1024     another size (MB of shared strings XML)
 *
 * The workbook is generated on first use into $TMPDIR/spotzcity-bench: the spend template's
 * header row (shared strings 0–n), a few data rows, then the table's other texts, which no cell
 * uses.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, createDeflateRaw } from 'node:zlib';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { loadConfig } from '../apps/server/src/config.ts';
import { prepareSpendCheck } from '../apps/server/src/modules/spend/import.ts';
import { checkSheet } from '../apps/server/src/platform/xlsx/sheet.ts';
import { workbookParts } from '../apps/server/test/xlsx.ts';
import { BENCH_DIR } from './spend-file.ts';
import { loadAverage, option } from './common.ts';
import { serverProcess } from '../scripts/server-env.mjs';

const measured = option('measure');

/** A zip written part by part, each deflated as it streams, its sizes and CRC patched in after. */
class ZipWriter {
  private readonly fd: number;
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }

  private write(bytes: Buffer) {
    writeSync(this.fd, bytes, 0, bytes.length, this.offset);
    this.offset += bytes.length;
  }

  async add(name: string, chunks: Iterable<Buffer>) {
    const nameBytes = Buffer.from(name);
    const start = this.offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(nameBytes.length, 26);
    this.write(local);
    this.write(nameBytes);
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const done = (async () => {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        this.write(out);
        compressed += out.length;
      }
    })();
    for (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await done;
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(size, 22);
    writeSync(this.fd, local, 0, 30, start);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(start, 42);
    this.central.push(entry, nameBytes);
    this.count += 1;
  }

  close() {
    const directory = Buffer.concat(this.central);
    const directoryAt = this.offset;
    this.write(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(directoryAt, 16);
    this.write(end);
    closeSync(this.fd);
  }
}

/** The table's XML, ~1 MB at a time: the header texts, then texts no cell uses. */
function* sharedStringsXml(megabytes: number): Generator<Buffer> {
  const headers = SPEND_COLUMNS.map((c) => `<si><t>${c.header}</t></si>`).join('');
  yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst>${headers}`);
  let seed = 11;
  const digits = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return String(seed).padStart(10, '0');
  };
  const target = megabytes * 1024 * 1024;
  for (let written = 0, i = 0; written < target;) {
    const items: string[] = [];
    for (let k = 0; k < 10_000; k += 1, i += 1) {
      items.push(
        `<si><t>Supplier ${digits()} of Springfield, Illinois: office supplies and services</t></si>`,
      );
    }
    const chunk = Buffer.from(items.join(''));
    written += chunk.length;
    yield chunk;
  }
  yield Buffer.from('</sst>');
}

async function generate(megabytes: number) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `shared-strings-${megabytes}mb.xlsx`);
  if (existsSync(file)) return file;
  const header = SPEND_COLUMNS.map((_, i) => `<c t="s"><v>${i}</v></c>`).join('');
  const rows = Array.from(
    { length: 5 },
    (_, r) =>
      `<row r="${r + 2}"><c t="inlineStr"><is><t>Acme ${r}</t></is></c><c><v>${100 + r}</v></c></row>`,
  ).join('');
  const sheet = `<worksheet><sheetData><row r="1">${header}</row>${rows}</sheetData></worksheet>`;
  const zip = new ZipWriter(`${file}.part`);
  for (const part of workbookParts(sheet)) {
    const data =
      part.name === 'xl/_rels/workbook.xml.rels'
        ? Buffer.from(
            part.data
              .toString()
              .replace(
                '</Relationships>',
                '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
              ),
          )
        : part.data;
    await zip.add(part.name, [data]);
  }
  await zip.add('xl/sharedStrings.xml', sharedStringsXml(megabytes));
  zip.close();
  renameSync(`${file}.part`, file);
  return file;
}

/** This process's peak RSS (VmHWM), MB. */
function peakRssMb() {
  const status = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return Math.round(Number(status?.[1] ?? 0) / 1024);
}

async function measure(file: string) {
  await prepareSpendCheck();
  const baseRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  const config = loadConfig({});
  const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-strings-'));
  const started = performance.now();
  let outcome: string;
  try {
    const checked = await checkSheet(file, {
      columns: SPEND_COLUMNS,
      rowModule: new URL('../apps/server/src/modules/spend/rows.ts', import.meta.url),
      copyPrefix: '1\t1\t',
      copyFile: path.join(dir, 'rows.copy'),
      keys: true,
      limits: { ...config.xlsx, maxRows: config.limits.spendRows },
    });
    outcome = `accepted (${checked.rowCount} rows)`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ outcome, ms, baseRssMb, peakRssMb: peakRssMb() }));
}

if (measured) {
  await measure(measured);
} else {
  const megabytes = Number(option('mb') ?? '300');
  const file = await generate(megabytes);
  const upload = statSync(file).size / 1024 / 1024;
  console.log(
    `${path.basename(file)}: ${upload.toFixed(1)} MB upload, ${megabytes} MB of shared strings ` +
      `(load ${loadAverage()})`,
  );
  // As npm start runs a server on the embedded database (scripts/server-env.mjs).
  const { env, flags } = serverProcess('');
  const run = spawnSync(
    process.execPath,
    [...flags, ...process.execArgv, import.meta.filename, '--measure', file],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, ...env } },
  );
  console.log(run.stdout.trim());
}

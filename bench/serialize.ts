/**
 * `npm run bench:serialize`: what writing a reply costs, per reply, for the largest pages the
 * HTTP benchmark asks for. The replies are the demo data's own (an embedded database
 * seeded as `npm start` seeds it); each is written many times in one process by zod's encoding
 * followed by `JSON.stringify` (fastify-type-provider-zod's serializer, which the server used before)
 * and by the serializer the server uses (`platform/serialize.ts`, production mode). CPU in one
 * process, one thing at a time: the load of the machine slows both alike, so the ratio is the
 * fair figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { pagedOf } from '@spotzcity/shared/api';
import { rfxRecordSchema } from '@spotzcity/shared/rfx';
import { supplierDetailSchema } from '@spotzcity/shared/search-supplier';
import { spendRowSchema } from '@spotzcity/shared/spend';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { zodResponseSerializer } from '../apps/server/src/platform/serialize.ts';
import { benchApp, seedDemoFor } from './common.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-serialize-'));
const database = await openDatabase({ databaseUrl: undefined, dataDir });
const app = await benchApp(database, dataDir);
const token = await seedDemoFor(app, database);

const PAGES = [
  { name: 'RFx list (page 1)', url: '/api/rfx/list', body: {}, item: rfxRecordSchema },
  {
    name: 'spend table view (page 1)',
    url: '/api/supplier/spendRows',
    body: { pageNumber: 0, selectedIds: [] },
    item: spendRowSchema,
  },
  {
    name: 'supplier search (state IL)',
    url: '/api/searchSupplier/list',
    body: { state: 'IL', pageNumber: 0 },
    item: supplierDetailSchema,
  },
];

const microseconds = (write: (data: unknown) => string, data: unknown) => {
  for (let i = 0; i < 200; i++) write(data);
  const rounds = 2000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) write(data);
  return Number(process.hrtime.bigint() - started) / 1000 / rounds;
};

console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log('| reply | rows | bytes | zod + JSON.stringify µs | serialize.ts µs | ratio |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const page of PAGES) {
  const reply = await app.inject({
    method: 'POST',
    url: page.url,
    headers: { authorization: `Bearer ${token}` },
    payload: page.body,
  });
  const data = reply.json<{ data: unknown[] }>();
  const schema: z.ZodType = pagedOf(page.item);
  const byZod = (value: unknown) => JSON.stringify(z.encode(schema, value));
  const written = zodResponseSerializer({ checkShape: false })({
    schema,
    method: 'POST',
    url: page.url,
  });
  if (!isDeepStrictEqual(JSON.parse(written(data)), JSON.parse(byZod(data)))) {
    throw new Error(`${page.name}: the two serializers wrote different replies`);
  }
  const zodTime = microseconds(byZod, data);
  const ours = microseconds(written, data);
  console.log(
    `| ${page.name} | ${data.data.length} | ${written(data).length.toLocaleString('en-US')} | ${zodTime.toFixed(0)} | ${ours.toFixed(0)} | ${(zodTime / ours).toFixed(1)}× |`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

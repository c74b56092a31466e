/**
 * `npm run storage:move -- <from> <to>`: copies every stored file from one storage backend to
 * another, under the same keys (the database's references stay true). The backends are named as
 * STORAGE_URL names them: `database`, `s3://bucket?endpoint=…&region=…`, or a directory. The
 * database is DATABASE_URL's (needed for `database`). A file the target already holds at the
 * same size is skipped, so an interrupted move can simply be run again. The source is left as
 * it was: remove it once the servers run on the new STORAGE_URL.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { moveFiles, openStorage } from './platform/storage.ts';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('Usage: npm run storage:move -- <from> <to>   (database, s3://…, or a directory)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const source = await openStorage(from, database, config.dataDir);
  const target = await openStorage(to, database, config.dataDir);
  const moved = await moveFiles(source, target, (key) => console.log(`  ${key}`));
  console.log(`${moved.copied} files copied, ${moved.skipped} already there.`);
} finally {
  await database.close();
}

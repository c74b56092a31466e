/** Reads the configuration, opens and prepares the database, listens; shuts down gracefully. */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { checkRows, openDatabase } from './db/client.ts';
import { bootstrap } from './db/seed/bootstrap.ts';
import { DEMO, seedDemo } from './db/seed/demo.ts';
import { prepareSpendCheck } from './modules/spend/import.ts';
import { sendExpiryDigests } from './modules/verified-diversity/digest.ts';
import { sendTier2Reminders } from './modules/tier2/reminders.ts';
import { todayIso } from '@spotzcity/shared/validation';

const config = loadConfig();
// A query's rows all have the shape of its first: the tests check every row, the server the first.
checkRows('first');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
});
const app = await buildApp({ config, database });

await bootstrap(database.db, {
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  appName: config.appName,
  // Printed to the console, not the log: it is shown once and must not be kept in log files.
  announce: (message) => console.log(`\n  ${message}\n`),
});
if (config.seedDemo && database.kind === 'pglite') {
  if (await seedDemo(database.db, app.storage)) {
    app.log.info(
      `Demo organisation ${DEMO.companyName} loaded: ${DEMO.buyerAdmin.email} / ${DEMO.buyerUser.email}`,
    );
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error(error, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });

// The spend check's worker script, built now rather than on the first upload.
app.background.run('spend import worker', prepareSpendCheck);

// The daily certificate expiry digest: a minute after start, then every 24 hours.
const digest = () =>
  app.background.run('certificate expiry digest', () =>
    sendExpiryDigests(database.db, app.mailer, todayIso(), {
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    }),
  );
setTimeout(digest, 60_000).unref();
setInterval(digest, 24 * 3_600_000).unref();
// Tier 2 reminders: the same rhythm, each reminder once per prime, quarter and kind.
const tier2Reminders = () =>
  app.background.run('tier 2 reminders', () =>
    sendTier2Reminders(database.db, app.mailer, todayIso(), { appName: config.appName }),
  );
setTimeout(tier2Reminders, 90_000).unref();
setInterval(tier2Reminders, 24 * 3_600_000).unref();
app.log.info(`${config.appName} is running at http://localhost:${config.port} (${database.kind})`);

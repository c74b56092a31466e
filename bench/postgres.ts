/**
 * The PostgreSQL server the benchmarks use (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * local server) and a fresh database on it.
 */
import pg from 'pg';

export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function run(server: string, statement: string) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Drops database `name` if it exists (with its connections) and creates it on `server`; returns
 * its URL and a function that drops it again. `name` is the caller's constant.
 */
export async function freshDatabase(name: string, server = SERVER_URL) {
  await run(server, `drop database if exists ${name} with (force)`);
  await run(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    host: url.host,
    drop: () => run(server, `drop database if exists ${name} with (force)`),
  };
}

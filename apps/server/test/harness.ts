/**
 * A real app over a private copy of the test database, for one test file:
 *
 *   const t = await createTestApp();
 *   afterAll(() => t.close());
 *   const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: t.auth(token) });
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { TEST_ADMIN, TEST_JWT_SECRET } from './constants.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  config: Config;
  dataDir: string;
  auth(token: string): { authorization: string };
  /** A request as the holder of `token`. */
  call(
    token: string,
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** Closes the app and its database and opens them again on the same data, as a restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const target = inject('dbTarget');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  if (target.kind === 'pglite') {
    cpSync(target.templateDir, dataDir, { recursive: true });
  } else {
    const name = `${target.prefix}_${randomBytes(4).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: target.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${target.template}`);
    await admin.end();
    const url = new URL(target.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: target.adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const open = async () => {
    const database = await openDatabase({ databaseUrl, dataDir, migrate: false });
    const app = await buildApp({
      config,
      database,
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    });
    await app.ready();
    return { app, database };
  };
  let { app, database } = await open();

  return {
    get app() {
      return app;
    },
    get database() {
      return database;
    },
    config,
    dataDir,
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    call: (token, method, url, payload) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } }),
    async restart() {
      await app.close();
      await database.close();
      ({ app, database } = await open());
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

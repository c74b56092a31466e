/**
 * Prepares one migrated, bootstrapped database template per test run; every test file then gets
 * its own copy (a copied PGlite directory, or a PostgreSQL database created from the template),
 * so files run in parallel without seeing each other's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/db/seed/bootstrap.ts';
import { TEST_ADMIN } from './constants.ts';

export type DbTarget =
  | { kind: 'pglite'; templateDir: string }
  | { kind: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTarget: DbTarget;
  }
}

const bootstrapOptions = {
  adminEmail: TEST_ADMIN.email,
  adminPassword: TEST_ADMIN.password,
  appName: 'SpotzCity',
  announce: () => {},
};

export default async function setup(project: TestProject) {
  if (project.name === 'api-pg') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the api-pg project');
    // Names unique to this run, so that runs from several checkouts never drop each other's.
    const runId = `${process.pid}_${Date.now().toString(36)}`;
    const template = `spotzcity_${runId}_tpl`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();

    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await bootstrap(database.db, bootstrapOptions);
    await database.close();
    project.provide('dbTarget', {
      kind: 'postgres',
      adminUrl,
      template,
      prefix: `spotzcity_${runId}_t`,
    });
    return async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const left = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`spotzcity_${runId}_%`],
      );
      for (const { datname } of left.rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
      await client.end();
    };
  }

  const templateDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-template-'));
  const database = await openDatabase({ dataDir: templateDir });
  await bootstrap(database.db, bootstrapOptions);
  await database.close();
  project.provide('dbTarget', { kind: 'pglite', templateDir });
  return () => rmSync(templateDir, { recursive: true, force: true });
}

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded start', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.limits.videoBytes).toBe(500 * 1024 * 1024);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SEED_DEMO: 'maybe' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SEED_DEMO|PORT[\s\S]*SEED_DEMO[\s\S]*DATABASE_URL/);
  });

  it('trusts no proxy by default, and a hop count or an address list when TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ]);
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("gives the spend check's threads a young generation of 8 MB on either database", () => {
    expect(loadConfig({}).xlsx.checkerYoungMb).toBe(8);
    const url = 'postgres://app@db.example.com/spotzcity';
    expect(loadConfig({ DATABASE_URL: url }).xlsx.checkerYoungMb).toBe(8);
    expect(loadConfig({ XLSX_CHECKER_YOUNG_MB: '32' }).xlsx.checkerYoungMb).toBe(32);
    expect(() => loadConfig({ XLSX_CHECKER_YOUNG_MB: '1' })).toThrow(/XLSX_CHECKER_YOUNG_MB/);
  });
});

describe('the environment npm start gives the server', () => {
  it('is the one the scripts that start it as npm start would use (docs/operations.md)', async () => {
    const { readFileSync } = await import('node:fs');
    const env = await import('../../../scripts/server-env.mjs');
    const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    const manifest = JSON.parse(read('../package.json')) as { scripts: { start: string } };
    expect(manifest.scripts.start).toBe('sh start.sh');
    const script = read('../start.sh');
    const [always, rest] = script.split('if [ -z "$DATABASE_URL" ]; then') as [string, string];
    const [embedded, postgres] = rest.split('\nfi\n') as [string, string];
    for (const [name, value] of Object.entries(env.SERVER_ENV_DEFAULTS)) {
      expect(always).toContain(`export ${name}="\${${name}:-${value}}"`);
    }
    for (const [name, value] of Object.entries(env.EMBEDDED_ENV_DEFAULTS)) {
      expect(embedded).toContain(`export ${name}="\${${name}:-${value}}"`);
    }
    expect(
      embedded.trimEnd().endsWith(`exec node ${env.EMBEDDED_NODE_FLAGS.join(' ')} dist/main.mjs`),
    ).toBe(true);
    for (const [name, value] of Object.entries(env.POSTGRES_ENV_DEFAULTS)) {
      expect(postgres).toContain(`export ${name}="\${${name}:-${value}}"`);
    }
    expect(postgres.trimEnd().endsWith('\nexec node dist/main.mjs')).toBe(true);
    // What the scripts give a process on each database.
    const embeddedProcess = env.serverProcess('');
    expect(embeddedProcess.flags).toEqual(env.EMBEDDED_NODE_FLAGS);
    expect(Object.keys(embeddedProcess.env)).toEqual([
      ...Object.keys(env.SERVER_ENV_DEFAULTS),
      ...Object.keys(env.EMBEDDED_ENV_DEFAULTS),
    ]);
    const postgresProcess = env.serverProcess('postgres://db/spotzcity');
    expect(postgresProcess.flags).toEqual([]);
    expect(Object.keys(postgresProcess.env)).toEqual([
      ...Object.keys(env.SERVER_ENV_DEFAULTS),
      ...Object.keys(env.POSTGRES_ENV_DEFAULTS),
    ]);
  });
});

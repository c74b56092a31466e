/**
 * The committed migrations' journal. Drizzle's migrator applies a migration only when its `when`
 * is later than the last one a database has applied, so a migration whose `when` is not the
 * journal's latest would be skipped by every database already migrated (drizzle-kit writes
 * today's time, and earlier entries carry later ones).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

describe('the migrations journal', () => {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as Journal;

  it('lists each migration once, in order, each later than the one before', () => {
    const { entries } = journal;
    expect(entries.map((e) => e.idx)).toEqual(entries.map((_, i) => i));
    expect(new Set(entries.map((e) => e.tag)).size).toBe(entries.length);
    for (let i = 1; i < entries.length; i += 1) {
      expect(entries[i]!.when, entries[i]!.tag).toBeGreaterThan(entries[i - 1]!.when);
    }
  });

  it('has an SQL file for each entry', () => {
    for (const { tag } of journal.entries) {
      expect(existsSync(path.join(MIGRATIONS_DIR, `${tag}.sql`)), tag).toBe(true);
    }
  });
});

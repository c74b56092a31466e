import { bigint, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files kept in PostgreSQL (`STORAGE_URL=database`, the default with DATABASE_URL):
 * every server process reads the same files. A file is its row here and its chunks below, all
 * written in one transaction, so a failed or interrupted upload leaves nothing.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAtColumn(),
});

/** A file's bytes in fixed-size chunks (the last one shorter): byte n is in chunk n / size. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => storedFiles.key, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.position] })],
);

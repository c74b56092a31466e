import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, createdAtColumn } from './columns.ts';

/**
 * Training videos and modules. Platform-wide (DESIGN.md §4): shared by every organisation, so no
 * client_ref. A row is either an uploaded file (kept in storage under `storage_key`) or, for
 * videos, a link (`link_url`). The row is written only once the file is fully stored.
 */
export const trainingItems = pgTable(
  'training_items',
  {
    id: idColumn(),
    type: text('type', { enum: ['video', 'module'] }).notNull(),
    category: text('category').notNull(),
    source: text('source', { enum: ['file', 'link'] }).notNull(),
    /** The original file name (downloads carry it), or the display name of a link. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    linkUrl: text('link_url'),
    /** The type the content was checked to be (by its bytes); null for links. */
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('training_items_type_category_idx').on(t.type, sql`lower(${t.category})`),
    uniqueIndex('training_items_storage_key_key').on(t.storageKey),
    check(
      'training_items_source_check',
      sql`(${t.source} = 'file' and ${t.storageKey} is not null and ${t.linkUrl} is null)
        or (${t.source} = 'link' and ${t.linkUrl} is not null and ${t.storageKey} is null and ${t.type} = 'video')`,
    ),
  ],
);

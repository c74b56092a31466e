/**
 * Training material (spec 01 points 2, 3, 7): videos (files or links) and modules, grouped by
 * category. Platform-wide: every organisation sees the same material (DESIGN.md §4).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  TRAINING_MESSAGES,
  linkDisplayName,
  videoEmbed,
  type TrainingGroup,
  type TrainingItem,
  type TrainingType,
} from '@spotzcity/shared/training';
import type { DbOrTx } from '../../db/client.ts';
import { trainingItems } from '../../db/schema/index.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { StreamedFile } from '../../platform/uploads.ts';

export const STORAGE_PREFIX: Record<TrainingType, string> = {
  video: 'training/videos',
  module: 'training/modules',
};

type Row = typeof trainingItems.$inferSelect;

/**
 * The category as it is already spelled for this type ("Onboarding" for "onboarding"), so that
 * one category never shows as two groups; a new category keeps the given spelling.
 */
export async function resolveCategory(db: DbOrTx, type: TrainingType, category: string) {
  const [existing] = await db
    .select({ category: trainingItems.category })
    .from(trainingItems)
    .where(
      and(eq(trainingItems.type, type), sql`lower(${trainingItems.category}) = lower(${category})`),
    )
    .orderBy(asc(trainingItems.id))
    .limit(1);
  return existing?.category ?? category;
}

/** Records a fully stored upload. The caller removes the file if this throws. */
export async function addFile(
  db: DbOrTx,
  input: { type: TrainingType; category: string; file: StreamedFile; userId: number | null },
) {
  const [row] = await db
    .insert(trainingItems)
    .values({
      type: input.type,
      category: await resolveCategory(db, input.type, input.category),
      source: 'file',
      fileName: input.file.fileName,
      storageKey: input.file.key,
      contentType: input.file.contentType,
      sizeBytes: input.file.size,
      createdBy: input.userId,
    })
    .returning();
  if (!row) throw new Error('training item not saved');
  return row;
}

/** Records a video link (YouTube and Vimeo links play embedded, others in the video player). */
export async function addLink(
  db: DbOrTx,
  input: { category: string; url: string; userId: number | null },
) {
  const [row] = await db
    .insert(trainingItems)
    .values({
      type: 'video',
      category: await resolveCategory(db, 'video', input.category),
      source: 'link',
      fileName: linkDisplayName(input.url),
      linkUrl: input.url,
      createdBy: input.userId,
    })
    .returning();
  if (!row) throw new Error('training item not saved');
  return row;
}

/** The categories of one type, alphabetically (case-insensitive). */
export async function listCategories(db: DbOrTx, type: TrainingType) {
  const rows = await db
    .selectDistinct({ category: trainingItems.category })
    .from(trainingItems)
    .where(eq(trainingItems.type, type));
  return rows
    .map((r) => r.category)
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** How an item's media URL is made: signed for the session that asked (platform/signed-urls.ts). */
export type MediaUrl = (id: number) => string;

export function presentItem(row: Row, mediaUrl: MediaUrl): TrainingItem {
  const isLink = row.source === 'link';
  const url = isLink ? (row.linkUrl ?? '') : mediaUrl(row.id);
  return {
    id: row.id,
    type: row.type,
    source: row.source,
    url,
    downloadUrl: isLink ? null : `${url}${url.includes('?') ? '&' : '?'}download=1`,
    embedUrl: isLink ? (videoEmbed(url)?.url ?? null) : null,
    fileName: row.fileName,
    category: row.category,
    contentType: row.contentType,
    size: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Items of one type as `{category, data[]}`: categories alphabetically, items in upload order. */
export async function listGroups(
  db: DbOrTx,
  type: TrainingType,
  mediaUrl: MediaUrl,
): Promise<TrainingGroup[]> {
  const rows = await db
    .select()
    .from(trainingItems)
    .where(eq(trainingItems.type, type))
    .orderBy(
      sql`lower(${trainingItems.category})`,
      asc(trainingItems.createdAt),
      asc(trainingItems.id),
    );
  const groups: TrainingGroup[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    const item = presentItem(row, mediaUrl);
    if (last && last.category.toLowerCase() === row.category.toLowerCase()) last.data.push(item);
    else groups.push({ category: row.category, data: [item] });
  }
  return groups;
}

/** A stored file of any type, for the media route; links and unknown ids are NotFound. */
export async function getStoredFile(db: DbOrTx, id: number) {
  const [row] = await db.select().from(trainingItems).where(eq(trainingItems.id, id));
  if (!row?.storageKey) throw new NotFound();
  return { ...row, storageKey: row.storageKey };
}

/**
 * Deletes the record, then its file. A file that cannot be removed is logged and left (the record
 * is gone, so nothing points at it any more); never the other way round.
 */
export async function deleteItem(
  db: DbOrTx,
  storage: Storage,
  input: { id: number; type: TrainingType },
  onFileError: (error: unknown, key: string) => void,
) {
  const [row] = await db
    .delete(trainingItems)
    .where(and(eq(trainingItems.id, input.id), eq(trainingItems.type, input.type)))
    .returning();
  if (!row) throw new NotFound(TRAINING_MESSAGES.notFound);
  if (row.storageKey) {
    try {
      await storage.remove(row.storageKey);
    } catch (error) {
      onFileError(error, row.storageKey);
    }
  }
  return { id: row.id, type: row.type };
}

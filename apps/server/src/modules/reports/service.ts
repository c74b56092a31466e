import { and, eq } from 'drizzle-orm';
import type { Analysis } from '@spotzcity/shared/reports';
import type { DbOrTx } from '../../db/client.ts';
import { reportAnalyses } from '../../db/schema/index.ts';

export async function getAnalysis(
  db: DbOrTx,
  clientRef: number,
  reportKey: string,
): Promise<Analysis> {
  const [row] = await db
    .select()
    .from(reportAnalyses)
    .where(and(eq(reportAnalyses.clientRef, clientRef), eq(reportAnalyses.reportKey, reportKey)));
  return { reportKey, text: row?.text ?? '', updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function saveAnalysis(
  db: DbOrTx,
  input: { clientRef: number; userId: number; reportKey: string; text: string },
): Promise<Analysis> {
  const now = new Date();
  const [row] = await db
    .insert(reportAnalyses)
    .values({
      clientRef: input.clientRef,
      reportKey: input.reportKey,
      text: input.text,
      updatedBy: input.userId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [reportAnalyses.clientRef, reportAnalyses.reportKey],
      set: { text: input.text, updatedBy: input.userId, updatedAt: now },
    })
    .returning();
  return {
    reportKey: input.reportKey,
    text: row?.text ?? input.text,
    updatedAt: now.toISOString(),
  };
}

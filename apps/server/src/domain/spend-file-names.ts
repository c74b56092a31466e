/**
 * The names of the spend files a figure covers, for the parameters of its report or workbook
 * (spend dashboards, goals).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { spendFiles } from '../db/schema/index.ts';
import { inScope, type FileScope } from '../platform/sql.ts';

/** Names of the selected files of the organisation (every file when none is selected), by id. */
export async function selectedFileNames(db: DbOrTx, scope: FileScope): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select ${spendFiles.fileName} as file_name from ${spendFiles}
      where ${inScope(scope, spendFiles.clientRef, spendFiles.id)}
      order by ${spendFiles.id}
    `),
    z.object({ file_name: z.string() }),
  );
  return rows.map((r) => r.file_name);
}

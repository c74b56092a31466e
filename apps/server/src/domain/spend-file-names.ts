/**
 * The names of the spend files a figure covers, for the parameters of its report or workbook
 * (spend dashboards, goals).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { spendFiles } from '../db/schema/index.ts';
import { fileScope, type FileScope } from '../platform/sql.ts';

/** Names of the selected files of the organisation (every file when none is selected), by id. */
export async function selectedFileNames(db: DbOrTx, scope: FileScope): Promise<string[]> {
  const rows = rowsOf<{ file_name: string }>(
    await db.execute(sql`
      select r.file_name from ${spendFiles} r
      where ${fileScope(scope, 'id')}
      order by r.id
    `),
  );
  return rows.map((r) => r.file_name);
}

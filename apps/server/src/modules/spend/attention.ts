/** The spend imports' part of the home page's "Needs attention". */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rowsOf } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';
import type { AttentionPart } from '../../platform/attention.ts';
import { dbNumber, toNumber } from '../../platform/sql.ts';

const j = alias(importJobs, 'j');

/**
 * Imports held for the user's decision, and those failed since the organisation's last import
 * that worked (and not taken off the files list): a failed file uploaded again and imported is
 * resolved.
 */
export const importsToLookAt: AttentionPart<'imports'> = async (db, { clientRef }) => {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*) filter (where ${j.status} = 'held' and ${j.choice} is null)::int as held,
        count(*) filter (
          where ${j.status} = 'failed' and ${j.createdAt} > coalesce((
            select max(${importJobs.createdAt}) from ${importJobs}
            where ${importJobs.clientRef} = ${clientRef} and ${importJobs.kind} = 'spend'
              and ${importJobs.status} = 'done'
          ), '-infinity')
        )::int as failed
      from ${importJobs} ${j}
      where ${j.clientRef} = ${clientRef} and ${j.kind} = 'spend' and ${j.dismissedAt} is null
    `),
    z.object({ held: dbNumber, failed: dbNumber }),
  );
  return { held: toNumber(row?.held), failed: toNumber(row?.failed) };
};

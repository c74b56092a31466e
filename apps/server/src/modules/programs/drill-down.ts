/**
 * A program category's spend on the Spend Dashboard, opened onto the vendors behind it: each
 * vendor certainly matched to a directory supplier the category counts today, its spend in the
 * selected files (all spend, as the card's figure) and why the supplier counts — the SBA size
 * standard and its receipts, the local rule that matched, the certificate, the mark by hand.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { programRuleLabel } from '@spotzcity/shared/programs';
import type { DrillDown } from '@spotzcity/shared/drill-down';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { spendRollupSuppliers, vendorMatches } from '../../db/schema/index.ts';
import { NotFound } from '../../platform/errors.ts';
import { fileScope, type FileScope } from '../../platform/sql.ts';
import { categoriesOf, categoryQualifiers } from '../../domain/program-categories.ts';
import { certain } from '../../domain/verified-spend.ts';
import {
  centsOf,
  drillDownOf,
  drillDownWorkbook,
  withPayments,
  type PaymentRule,
} from '../../domain/drill-down.ts';

async function categoryDrill(db: DbOrTx, scope: FileScope, categoryId: number) {
  const category = (await categoriesOf(db, scope.clientRef)).find(
    (c) => c.id === categoryId && c.enabled,
  );
  if (!category) throw new NotFound('Category not found');
  const reasons = await categoryQualifiers(db, scope.clientRef, category);
  const ids = [...reasons.keys()];
  const rows = ids.length
    ? rowsOf(
        await db.execute(sql`
          select r.supplier_key, m.supplier_ref, sum(r.spend)::text as spend,
            sum(r.row_count)::int as payments
          from ${spendRollupSuppliers} r
          join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
          where ${fileScope(scope)} and ${certain}
            and m.supplier_ref = any(${sql.param(ids)}::int[])
          group by r.supplier_key, m.supplier_ref
        `),
        z.object({
          supplier_key: z.string(),
          supplier_ref: z.number(),
          spend: z.string(),
          payments: z.number(),
        }),
      )
    : [];
  const rule = programRuleLabel(category.kinds, category.match);
  const drill = await drillDownOf(
    db,
    scope.clientRef,
    { title: category.name, rule },
    rows.map((r) => ({
      supplierKey: r.supplier_key,
      cents: centsOf(r.spend),
      payments: Number(r.payments),
      reasons: reasons.get(Number(r.supplier_ref)) ?? [],
    })),
  );
  // Every payment of a listed vendor counts: the category judges the supplier, not the day.
  const payments: PaymentRule = { where: sql`true`, countsFor: () => category.name };
  return { drill, payments };
}

/** POST /api/drillDown/program */
export async function programDrillDown(
  db: DbOrTx,
  scope: FileScope,
  request: { categoryId: number; supplierKey?: string | undefined },
): Promise<DrillDown> {
  const { drill, payments } = await categoryDrill(db, scope, request.categoryId);
  return withPayments(db, scope, drill, request.supplierKey, payments);
}

/** POST /api/excel/drillDown/program */
export async function programDrillWorkbook(db: DbOrTx, scope: FileScope, categoryId: number) {
  const { drill, payments } = await categoryDrill(db, scope, categoryId);
  return drillDownWorkbook(db, scope, drill, payments);
}

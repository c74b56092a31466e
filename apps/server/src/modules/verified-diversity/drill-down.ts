/**
 * The verified diverse spend opened onto the vendors behind it (the verified figures' own
 * drill-down, `verifiedSuppliers`, in the drill-down's shape): each vendor with verified spend,
 * the directory supplier it is certainly matched to, the certificates that qualified its payments
 * with their dates, and the payments that counted.
 */
import { sql } from 'drizzle-orm';
import type { DrillDown } from '@spotzcity/shared/drill-down';
import { COUNTING_RULE_TEXT } from '@spotzcity/shared/verified-diversity';
import type { DbOrTx } from '../../db/client.ts';
import type { FileScope } from '../../platform/sql.ts';
import { getPolicy, verifiedSuppliers } from '../../domain/verified-spend.ts';
import {
  centsOf,
  certificateReason,
  drillDownOf,
  drillDownWorkbook,
  typesInWords,
  withPayments,
  type PaymentRule,
} from '../../domain/drill-down.ts';

export const VERIFIED_TITLE = 'Verified diverse spend';

async function verifiedDrill(db: DbOrTx, scope: FileScope) {
  const suppliers = await verifiedSuppliers(db, scope);
  const policy = await getPolicy(db, scope.clientRef);
  const drill = await drillDownOf(
    db,
    scope.clientRef,
    { title: VERIFIED_TITLE, rule: COUNTING_RULE_TEXT.VERIFIED },
    suppliers.map((s) => ({
      supplierKey: s.supplierKey,
      cents: centsOf(s.verifiedSpend),
      // verifiedSuppliers does not count payments; opening the vendor lists those that counted.
      payments: null,
      reasons: s.certificates.map(certificateReason),
    })),
  );
  // A payment counts when a certificate qualified it on its day (the verified rollups' rule).
  const payments: PaymentRule = {
    where: sql`cardinality(v.types) > 0`,
    verified: policy,
    countsFor: (p) => typesInWords(p.types),
  };
  return { drill, payments };
}

/** POST /api/drillDown/verified */
export async function verifiedDrillDown(
  db: DbOrTx,
  scope: FileScope,
  supplierKey: string | undefined,
): Promise<DrillDown> {
  const { drill, payments } = await verifiedDrill(db, scope);
  return withPayments(db, scope, drill, supplierKey, payments);
}

/** POST /api/excel/drillDown/verified */
export async function verifiedDrillWorkbook(db: DbOrTx, scope: FileScope) {
  const { drill, payments } = await verifiedDrill(db, scope);
  return drillDownWorkbook(db, scope, drill, payments);
}

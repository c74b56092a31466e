/**
 * Addressable spend (docs/figures.md): every spend row whose
 * category is not on the organisation's non-addressable list
 * (`organisation_settings.non_addressable_categories`), names compared as the goals compare them
 * (`categoryKey`: trimmed, case ignored). The Goals Dashboard measures against it; the Spend and
 * Category Dashboards use it as the base of their percentages when asked.
 */
import { eq } from 'drizzle-orm';
import { categoryKey } from '@spotzcity/shared/goals';
import type { DbOrTx } from '../db/client.ts';
import { organisationSettings, spendRollupSuppliers } from '../db/schema/index.ts';

/**
 * The organisation's non-addressable list as saved (`listed`, for the 'Base' lines) and the
 * spend categories it leaves out, spelled as the rows spell them (`categories`, for SQL).
 */
export async function nonAddressableSpendCategories(
  db: DbOrTx,
  clientRef: number,
): Promise<{ listed: string[]; categories: string[] }> {
  const [row] = await db
    .select({ list: organisationSettings.nonAddressableCategories })
    .from(organisationSettings)
    .where(eq(organisationSettings.clientRef, clientRef));
  const listed = row?.list ?? [];
  return { listed, categories: await spendCategoriesNamed(db, clientRef, listed) };
}

/**
 * The organisation's spend categories, spelled as its rows spell them, that one of `names` names
 * under the goals' rule (`categoryKey`: trimmed, case ignored) — 'Telecommunications' finds the
 * rows' 'telecommunications '. SQL then compares the rows' own spellings exactly.
 */
export async function spendCategoriesNamed(
  db: DbOrTx,
  clientRef: number,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const wanted = new Set(names.map(categoryKey));
  const rows = await db
    .selectDistinct({ category: spendRollupSuppliers.category })
    .from(spendRollupSuppliers)
    .where(eq(spendRollupSuppliers.clientRef, clientRef));
  return rows.map((r) => r.category).filter((c) => wanted.has(categoryKey(c)));
}

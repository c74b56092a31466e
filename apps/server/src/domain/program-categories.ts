/**
 * Program categories evaluated (docs/programs.md): which
 * directory suppliers each of an organisation's switched-on categories counts, worked out when the
 * figures are asked for, and the spend paid to them. Shared by the programs screens, the Spend
 * Dashboard and its exports, and the Goals Dashboard.
 *
 * Only a vendor with a certain match to a directory supplier (the verified rule's matching: confirmed, or
 * score ≥ 90) can count; the rules read that supplier:
 * - SMALL: receipts (or employees) within the SBA size standard of its primary NAICS code;
 * - LOCAL: its state or county is listed, or its ZIP centroid is within the radius of a site;
 * - VETERAN / HUBZONE: an SBA certificate of that type in force today under the organisation's
 *   policy, or the directory lists the certification;
 * - MANUAL: marked by hand.
 * The directory and the categories are small next to the spend, so the rules run here, in code,
 * over the organisation's matched suppliers; the sums stay in SQL.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  haversineMiles,
  isSmallBusiness,
  localRuleSchema,
  programRuleLabel,
  PROGRAM_KINDS,
  type LocalRule,
  type ProgramKind,
  type ProgramMatch,
  type ProgramSpend,
} from '@spotzcity/shared/programs';
import { todayIso } from '@spotzcity/shared/validation';
import type { DrillReason } from '@spotzcity/shared/drill-down';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { SBA_TABLE, sizeStandardOf } from './sba-size-standards.ts';
import { certain, getPolicy, qualifiesSql } from './verified-spend.ts';
import { loadZipCodes, lookupZip } from './zip-codes.ts';
import { fileScope, toNumber } from '../platform/sql.ts';
import {
  organisationSites,
  programCategories,
  programCategorySuppliers,
  spendRollupSuppliers,
  supplierCertificates,
  supplierDirectory,
  vendorMatches,
} from '../db/schema/index.ts';

export interface CategoryRow {
  id: number;
  name: string;
  /** The first condition. */
  kind: ProgramKind;
  /** Every condition, `kind` first (a category may combine several). */
  kinds: ProgramKind[];
  /** ALL: a supplier meets every condition; ANY: at least one. */
  match: ProgramMatch;
  enabled: boolean;
  local: LocalRule | null;
}

export interface SupplierFacts {
  id: number;
  primaryNaics: string | null;
  annualReceipts: number | null;
  employeeCount: number | null;
  state: string | null;
  zip: string | null;
  veteran: boolean;
  hubzone: boolean;
}

export interface SiteRow {
  latitude: number;
  longitude: number;
  /** The site's name and ZIP code, for the words of the local rule that matched. */
  name?: string;
  zip?: string;
}

/** The organisation's categories, in the order it created them. */
export async function categoriesOf(db: DbOrTx, clientRef: number): Promise<CategoryRow[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select id, name, kind, enabled, rule from ${programCategories}
      where client_ref = ${clientRef} order by id
    `),
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.enum(PROGRAM_KINDS),
      enabled: z.boolean(),
      rule: z.unknown(),
    }),
  );
  return rows.map((r) => {
    const rule = parseRule(r.rule) as { also?: unknown; match?: unknown };
    const also = Array.isArray(rule.also)
      ? rule.also.filter(
          (k): k is ProgramKind => PROGRAM_KINDS.includes(k as ProgramKind) && k !== r.kind,
        )
      : [];
    const kinds = [r.kind, ...new Set(also)];
    return {
      id: Number(r.id),
      name: r.name,
      kind: r.kind,
      kinds,
      match: rule.match === 'ANY' ? ('ANY' as const) : ('ALL' as const),
      enabled: r.enabled,
      local: kinds.includes('LOCAL') ? localRuleSchema.parse(rule) : null,
    };
  });
}

/** jsonb arrives parsed from PostgreSQL and PGlite alike; text only from a raw driver. */
const parseRule = (rule: unknown) => (typeof rule === 'string' ? JSON.parse(rule) : (rule ?? {}));

const countyKey = (county: string, state: string) =>
  `${county
    .toLowerCase()
    .replace(/^(city and county|city and borough|municipality) of\s+/, '')
    .replace(/\s+(county|parish|borough|census area|municipality)$/, '')
    .trim()},${state.toUpperCase()}`;

/** "Cook County, IL" / "cook, il" → the key ZIP data's county compares by. */
export function countyKeyOfLabel(label: string): string {
  const [county = '', state = ''] = label.split(',').map((p) => p.trim());
  return countyKey(county, state);
}

/**
 * Whether one supplier counts for one category: every condition (ALL) or at least one (ANY),
 * each by the rule of its kind (module comment).
 */
export function qualifies(
  category: CategoryRow,
  supplier: SupplierFacts,
  sites: SiteRow[],
  manual: Set<number>,
): boolean {
  const meets = (kind: ProgramKind) => meetsKind(kind, category, supplier, sites, manual);
  return category.match === 'ANY' ? category.kinds.some(meets) : category.kinds.every(meets);
}

function meetsKind(
  kind: ProgramKind,
  category: CategoryRow,
  supplier: SupplierFacts,
  sites: SiteRow[],
  manual: Set<number>,
): boolean {
  switch (kind) {
    case 'SMALL':
      return isSmallBusiness(sizeStandardOf(supplier.primaryNaics), supplier);
    case 'VETERAN':
      return supplier.veteran;
    case 'HUBZONE':
      return supplier.hubzone;
    case 'MANUAL':
      return manual.has(supplier.id);
    case 'LOCAL': {
      const rule = category.local;
      if (!rule) return false;
      const state = supplier.state?.trim().toUpperCase() ?? '';
      if (state && rule.states.includes(state)) return true;
      const place = lookupZip(supplier.zip);
      if (!place) return false;
      if (
        rule.counties.some((c) => countyKeyOfLabel(c) === countyKey(place.county, place.stateCode))
      )
        return true;
      if (rule.radiusMiles === null) return false;
      return sites.some((site) => haversineMiles(site, place) <= rule.radiusMiles!);
    }
  }
}

const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/**
 * Why one supplier counts for one category: a reason for each of its conditions the supplier
 * meets (with ALL, every one; with ANY, those it meets) — the SBA size standard and the
 * supplier's receipts or employees, the local rule that matched, the certificate or listing,
 * the mark by hand. Empty when it does not count.
 */
export function reasonsFor(
  category: CategoryRow,
  supplier: SupplierFacts,
  sites: SiteRow[],
  manual: Set<number>,
): DrillReason[] {
  if (!qualifies(category, supplier, sites, manual)) return [];
  return category.kinds
    .filter((kind) => meetsKind(kind, category, supplier, sites, manual))
    .map((kind) => ({ kind, text: reasonText(kind, category, supplier, sites) }));
}

function reasonText(
  kind: ProgramKind,
  category: CategoryRow,
  supplier: SupplierFacts,
  sites: SiteRow[],
): string {
  switch (kind) {
    case 'SMALL': {
      const standard = sizeStandardOf(supplier.primaryNaics)!;
      const measure =
        standard.receiptsMillions !== null
          ? `average annual receipts ${dollars(supplier.annualReceipts ?? 0)} within SBA's $${standard.receiptsMillions} million`
          : `${(supplier.employeeCount ?? 0).toLocaleString('en-US')} employees within SBA's ${standard.employees!.toLocaleString('en-US')}`;
      return `NAICS ${standard.naics} (${standard.title}): ${measure} (${SBA_TABLE.source})`;
    }
    case 'VETERAN':
      return 'SBA VetCert certificate (VBE or SDVBE) in force today, or listed as VBE/SDVBE in the directory';
    case 'HUBZONE':
      return 'SBA HUBZone certificate in force today, or listed as HUB in the directory';
    case 'MANUAL':
      return 'Marked by hand for this category';
    case 'LOCAL': {
      const rule = category.local!;
      const state = supplier.state?.trim().toUpperCase() ?? '';
      if (state && rule.states.includes(state)) return `In ${state}, one of the states listed`;
      const place = lookupZip(supplier.zip)!;
      const county = rule.counties.find(
        (c) => countyKeyOfLabel(c) === countyKey(place.county, place.stateCode),
      );
      if (county) return `ZIP ${place.zip} is in ${county}, one of the counties listed`;
      const nearest = sites
        .map((site) => ({ site, miles: haversineMiles(site, place) }))
        .sort((a, b) => a.miles - b.miles)[0]!;
      const where = nearest.site.name
        ? `${nearest.site.name} (ZIP ${nearest.site.zip})`
        : `a site (ZIP ${nearest.site.zip})`;
      return `ZIP ${place.zip} is ${nearest.miles.toFixed(1)} miles from ${where}, within ${rule.radiusMiles} miles`;
    }
  }
}

/**
 * The directory suppliers the organisation's vendors are certainly matched to, with their facts.
 * The organisation's SBA certificates that qualify today are read once, grouped by supplier, and
 * joined to the suppliers (not looked up twice per supplier).
 */
export async function matchedSupplierFacts(
  db: DbOrTx,
  clientRef: number,
  supplierIds?: number[],
): Promise<SupplierFacts[]> {
  const policy = await getPolicy(db, clientRef);
  const today = todayIso();
  const only = supplierIds ? sql`and d.id = any(${sql.param(supplierIds)}::int[])` : sql``;
  const rows = rowsOf(
    await db.execute(sql`
      with held as (
        select c.supplier_ref,
          bool_or(c.diversity_type in ('VBE', 'SDVBE')) as veteran,
          bool_or(c.diversity_type = 'HUB') as hubzone
        from ${supplierCertificates} c
        where c.client_ref = ${clientRef} and c.agency = 'SBA'
          and c.diversity_type in ('VBE', 'SDVBE', 'HUB')
          and ${qualifiesSql(policy, sql`${today}::date`)}
        group by c.supplier_ref
      )
      select d.id, d.primary_naics_code, d.annual_receipts::text, d.employee_count,
        d.state_or_province as state, d.zip,
        (coalesce(h.veteran, false) or d.certifications && array['VBE', 'SDVBE']::text[]) as veteran,
        (coalesce(h.hubzone, false) or 'HUB' = any(d.certifications)) as hubzone
      from ${supplierDirectory} d
      left join held h on h.supplier_ref = d.id
      where d.id in (
        select m.supplier_ref from ${vendorMatches} m
        where m.client_ref = ${clientRef} and ${certain}
      ) ${only}
    `),
    z.object({
      id: z.number(),
      primary_naics_code: z.string().nullable(),
      annual_receipts: z.string().nullable(),
      employee_count: z.number().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      veteran: z.boolean(),
      hubzone: z.boolean(),
    }),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    primaryNaics: r.primary_naics_code,
    annualReceipts: r.annual_receipts === null ? null : Number(r.annual_receipts),
    employeeCount: r.employee_count === null ? null : Number(r.employee_count),
    state: r.state,
    zip: r.zip,
    veteran: Boolean(r.veteran),
    hubzone: Boolean(r.hubzone),
  }));
}

export async function sitesOf(db: DbOrTx, clientRef: number): Promise<SiteRow[]> {
  return db
    .select({
      latitude: organisationSites.latitude,
      longitude: organisationSites.longitude,
      name: organisationSites.name,
      zip: organisationSites.zip,
    })
    .from(organisationSites)
    .where(eq(organisationSites.clientRef, clientRef));
}

export async function manualMarks(
  db: DbOrTx,
  clientRef: number,
): Promise<Map<number, Set<number>>> {
  const rows = await db
    .select({
      categoryRef: programCategorySuppliers.categoryRef,
      supplierRef: programCategorySuppliers.supplierRef,
    })
    .from(programCategorySuppliers)
    .where(eq(programCategorySuppliers.clientRef, clientRef));
  const marks = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = marks.get(r.categoryRef) ?? new Set<number>();
    set.add(r.supplierRef);
    marks.set(r.categoryRef, set);
  }
  return marks;
}

/**
 * (category id, directory supplier id) pairs: every supplier each switched-on category counts,
 * among the organisation's matched suppliers.
 */
export async function qualifyingPairs(
  db: DbOrTx,
  clientRef: number,
  categories?: CategoryRow[],
): Promise<{ categories: CategoryRow[]; categoryIds: number[]; supplierIds: number[] }> {
  const all = (categories ?? (await categoriesOf(db, clientRef))).filter((c) => c.enabled);
  const pairs = { categories: all, categoryIds: [] as number[], supplierIds: [] as number[] };
  if (all.length === 0) return pairs;
  await loadZipCodes();
  const [suppliers, sites, manual] = await Promise.all([
    matchedSupplierFacts(db, clientRef),
    sitesOf(db, clientRef),
    manualMarks(db, clientRef),
  ]);
  for (const category of all) {
    const marked = manual.get(category.id) ?? new Set<number>();
    for (const supplier of suppliers) {
      if (qualifies(category, supplier, sites, marked)) {
        pairs.categoryIds.push(category.id);
        pairs.supplierIds.push(supplier.id);
      }
    }
  }
  return pairs;
}

/** `(values …)` of the pairs as a relation `q(category_ref, supplier_ref)`. */
export const pairsRelation = (pairs: { categoryIds: number[]; supplierIds: number[] }): SQL =>
  sql`unnest(${sql.param(pairs.categoryIds)}::int[], ${sql.param(pairs.supplierIds)}::int[]) as q(category_ref, supplier_ref)`;

export interface ProgramScope {
  clientRef: number;
  selectedIds: number[];
  /** Spend categories outside the base (addressable spend); none = all spend. */
  excluded: string[];
}

/**
 * The Spend Dashboard's program card: per switched-on category, the spend paid to vendors matched
 * to qualifying suppliers (all spend), its share of the base (addressable rows on both sides of
 * the division when the base is addressable spend, as every share of the dashboard), and how many
 * vendors that is.
 */
export async function programSpend(db: DbOrTx, scope: ProgramScope): Promise<ProgramSpend> {
  const pairs = await qualifyingPairs(db, scope.clientRef);
  const base = scope.excluded.length
    ? sql`and r.category <> all(${sql.param(scope.excluded)}::text[])`
    : sql``;
  const [totals] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(r.spend) filter (where true ${base}), 0)::text as base,
        coalesce(sum(r.spend) filter (where ${certain}), 0)::text as matched
      from ${spendRollupSuppliers} r
      left join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
      where ${fileScope(scope)}
    `),
    z.object({ base: z.string(), matched: z.string() }),
  );
  const figures = pairs.categoryIds.length
    ? rowsOf(
        await db.execute(sql`
          select q.category_ref, sum(r.spend)::text as spend,
            coalesce(round(100 * coalesce(sum(r.spend) filter (where true ${base}), 0)
              / nullif(${totals?.base ?? '0'}::numeric, 0), 2), 0)::text as share,
            count(distinct r.supplier_key)::int as suppliers
          from ${spendRollupSuppliers} r
          join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
          join ${pairsRelation(pairs)} on q.supplier_ref = m.supplier_ref
          where ${fileScope(scope)} and ${certain}
          group by q.category_ref
        `),
        z.object({
          category_ref: z.number(),
          spend: z.string(),
          share: z.string(),
          suppliers: z.number(),
        }),
      )
    : [];
  const byId = new Map(figures.map((f) => [Number(f.category_ref), f]));
  return {
    categories: pairs.categories.map((c) => {
      const f = byId.get(c.id);
      return {
        id: c.id,
        name: c.name,
        kind: c.kind,
        rule: programRuleLabel(c.kinds, c.match),
        spend: toNumber(f?.spend),
        share: toNumber(f?.share),
        suppliers: toNumber(f?.suppliers),
      };
    }),
    baseSpend: toNumber(totals?.base),
    matchedSpend: toNumber(totals?.matched),
    sizeStandards: { effectiveDate: SBA_TABLE.effectiveDate, source: SBA_TABLE.source },
  };
}

/** The words exports and screens use for the shared table's date. */
export const SBA_TABLE_LINE = `Small business: ${SBA_TABLE.source}.`;

/**
 * The directory suppliers one switched-on category counts today among the organisation's
 * certainly matched ones, each with why (the drill-down of the category's figures).
 */
export async function categoryQualifiers(
  db: DbOrTx,
  clientRef: number,
  category: CategoryRow,
): Promise<Map<number, DrillReason[]>> {
  await loadZipCodes();
  const [suppliers, sites, manual] = await Promise.all([
    matchedSupplierFacts(db, clientRef),
    sitesOf(db, clientRef),
    manualMarks(db, clientRef),
  ]);
  const marked = manual.get(category.id) ?? new Set<number>();
  const reasons = new Map<number, DrillReason[]>();
  for (const supplier of suppliers) {
    const why = reasonsFor(category, supplier, sites, marked);
    if (why.length) reasons.set(supplier.id, why);
  }
  return reasons;
}

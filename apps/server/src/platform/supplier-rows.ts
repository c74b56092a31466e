/**
 * The row both supplier lists (Market Share, Supplier Spend) read per supplier from the spend
 * rows: its key and total, name and address from its latest payment, its main category, and the
 * list's total count (a window column). Each list adds its own columns.
 */
export interface SupplierTotalRow {
  supplier_key: string;
  total: string;
  name: string;
  duns: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  category: string;
  total_count: number;
}

/**
 * A supplier's name as a link to Search Supplier (spec 02: the page has no sidebar item and is
 * reached from supplier names elsewhere). The link carries the supplier's DUNS and name:
 * Search Supplier opens the directory's supplier of that DUNS in its detail view, or, when the
 * directory has no such DUNS, its list searched by Business Name/DBA Name with the form pre-filled.
 *
 *   <SupplierLink name={row.name} duns={row.duns} />
 *
 * Users without Search Supplier see the name as plain (strong) text. A click on the link never
 * reaches the row (its own click stays the row's), so stars and row clicks keep working.
 */
import type { MouseEvent } from 'react';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/get-profile.ts';

export const SUPPLIER_SEARCH_PATH = '/home/supplierSearch';

/** A DUNS the search accepts (digits, at most 9); anything else is searched by name instead. */
export const isSearchableDuns = (duns: string | null | undefined): duns is string =>
  !!duns && /^\d{1,9}$/.test(duns.trim());

/** What a link to Search Supplier asks for: a supplier by DUNS, else a search by name. */
export interface SupplierLinkTarget {
  name: string;
  duns?: string | null | undefined;
}

/** `/home/supplierSearch?duns=…&name=…` (the DUNS only when the search accepts it). */
export function supplierSearchHref({ name, duns }: SupplierLinkTarget): string {
  const params = new URLSearchParams();
  if (isSearchableDuns(duns)) params.set('duns', duns.trim());
  if (name.trim()) params.set('name', name.trim());
  const query = params.toString();
  return query ? `${SUPPLIER_SEARCH_PATH}?${query}` : SUPPLIER_SEARCH_PATH;
}

/** The link's target read back from Search Supplier's URL; null when the URL carries none. */
export function supplierLinkTarget(params: URLSearchParams): SupplierLinkTarget | null {
  const duns = params.get('duns')?.trim();
  const name = params.get('name')?.trim() ?? '';
  if (!isSearchableDuns(duns) && !name) return null;
  return { name, duns: isSearchableDuns(duns) ? duns : null };
}

const stop = (event: MouseEvent) => event.stopPropagation();

export function SupplierLink({ name, duns }: SupplierLinkTarget) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user.features.searchSupplier.allowed || !name.trim()) {
    return <Typography.Text strong>{name}</Typography.Text>;
  }
  return (
    <Link
      to={supplierSearchHref({ name, duns })}
      onClick={stop}
      className="supplier-link"
      title={t('supplierSearch.openInSearch', { name })}
      data-testid="supplier-link"
    >
      {name}
    </Link>
  );
}

/**
 * Where the dashboards live: `/home/supplierSpend/report` (the chooser) and
 * `/home/supplierSpend/report/<kind>`, both with the table view's `?files=1,3` selection.
 */
import type { DashboardKind, SpendBase } from '@spotzcity/shared/spend-dashboard-words';

export const SPEND_HOME = '/home/supplierSpend';
export const REPORT_HOME = `${SPEND_HOME}/report`;
/** The Supplier Spend module's table view (features/supplier-spend). */
export const TABLE_VIEW = `${SPEND_HOME}/table`;
/** The organisation's program categories (features/programs). */
export const PROGRAMS_PATH = `${SPEND_HOME}/programs`;

const withFiles = (path: string, fileIds: readonly number[]) =>
  fileIds.length > 0 ? `${path}?files=${fileIds.join(',')}` : path;

export const reportPath = (kind: DashboardKind | null, fileIds: readonly number[]) =>
  withFiles(kind ? `${REPORT_HOME}/${kind}` : REPORT_HOME, fileIds);
export const tableViewPath = (fileIds: readonly number[]) => withFiles(TABLE_VIEW, fileIds);
export const spendHomePath = (fileIds: readonly number[]) => withFiles(SPEND_HOME, fileIds);

export function parseFileIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** `?base=addressable`; anything else (or nothing) is all spend, as before the switch. */
export const parseBase = (value: string | null): SpendBase =>
  value === 'addressable' ? 'addressable' : 'all';

/** Query keys of the Supplier Spend Report: uploads and deletes reset everything under `all`. */
export const spendKeys = {
  all: ['supplier-spend'] as const,
  files: () => ['supplier-spend', 'files'] as const,
  imports: () => ['supplier-spend', 'imports'] as const,
  totals: (fileIds: number[]) => ['supplier-spend', 'totals', fileIds] as const,
  top: (fileIds: number[]) => ['supplier-spend', 'top', fileIds] as const,
  suppliers: (fileIds: number[], sort: string) =>
    ['supplier-spend', 'suppliers', fileIds, sort] as const,
  rows: (fileIds: number[], sort: string) => ['supplier-spend', 'rows', fileIds, sort] as const,
};

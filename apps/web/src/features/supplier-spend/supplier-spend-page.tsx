import { Navigate, Route, Routes } from 'react-router';
import { SpendHome } from './spend-home.tsx';
import { SuppliersList } from './suppliers-list.tsx';
import { TableView } from './table-view.tsx';

/**
 * /home/supplierSpend/*: the report's home (files and suppliers), `list` (All Suppliers, also
 * the Rate Supplier entry), `table` (Table View). `files` is the spec's declared path of the
 * uploaded files: the home shows them.
 */
export default function SupplierSpendPage() {
  return (
    <Routes>
      <Route index element={<SpendHome />} />
      <Route path="files" element={<SpendHome />} />
      <Route path="list" element={<SuppliersList />} />
      <Route path="table" element={<TableView />} />
      <Route path="*" element={<Navigate to="/home/supplierSpend" replace />} />
    </Routes>
  );
}

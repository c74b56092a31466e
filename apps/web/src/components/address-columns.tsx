/**
 * Where a supplier is, as table columns in the spec's order: city, state, zip and country. Every
 * list of suppliers shows them (Search Supplier's results, All Suppliers, Market Share) and so does
 * the Table View, which calls the state 'State' as spec 01 names its column; the lists say
 * 'State/Province'. Each table keeps the widths of its own layout.
 */
import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

interface Place {
  city: string | null;
  stateOrProvince: string | null;
  zip: string | null;
  country: string | null;
}

export interface AddressColumnsOptions {
  state: 'state' | 'stateOrProvince';
  widths?: { city: number; state: number; zip: number; country: number };
  /** What a missing (or empty) value shows; nothing unless given. */
  missing?: ReactNode;
}

export function useAddressColumns<Row extends Place>({
  state,
  widths,
  missing,
}: AddressColumnsOptions): TableColumnsType<Row> {
  const { t } = useTranslation();
  const render = missing === undefined ? undefined : (value: string | null) => value || missing;
  return [
    { key: 'city', title: t('common.city'), dataIndex: 'city', width: widths?.city, render },
    {
      key: 'state',
      title: t(`common.${state}`),
      dataIndex: 'stateOrProvince',
      width: widths?.state,
      render,
    },
    { key: 'zip', title: t('common.zip'), dataIndex: 'zip', width: widths?.zip, render },
    {
      key: 'country',
      title: t('common.country'),
      dataIndex: 'country',
      width: widths?.country,
      render,
    },
  ];
}

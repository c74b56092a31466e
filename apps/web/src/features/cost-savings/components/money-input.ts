/** InputNumber helpers for dollar amounts: thousands separators while typing, digits only kept. */
export const moneyFormatter = (value: number | string | undefined) => {
  if (value === undefined || value === '') return '';
  const [whole = '', cents] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === undefined ? grouped : `${grouped}.${cents}`;
};

export const moneyParser = (text: string | undefined) => {
  const cleaned = (text ?? '').replace(/[^\d.]/g, '');
  return cleaned === '' ? (undefined as unknown as number) : Number(cleaned);
};

/**
 * A directory supplier's size facts: average annual receipts and number of employees,
 * which the small-business rule of program categories compares with SBA's size standard. Who may
 * upload the supplier list may change them here.
 */
import { useState } from 'react';
import { Button, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  SEARCH_MESSAGES,
  SIZE_LIMITS,
  type SupplierDetail,
  type SupplierSizeInput,
} from '@spotzcity/shared/search-supplier';
import { api } from '../../../api/client.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { SubmitButton } from '../../../components/form-footer.tsx';
import { zodRule } from '../../../components/form-rules.ts';
import { MoneyInput, type MoneyValue } from '../../../components/money-input.tsx';
import { supplierSearchKeys } from '../api/search-suppliers.ts';

interface SizeFacts {
  annualReceipts: number | null;
  employeeCount: number | null;
}

/** What the form holds: the receipts as MoneyInput reads them, the employees as typed. */
interface SizeFields {
  annualReceipts: MoneyValue;
  employeeCount: string;
}

/**
 * The fields' rules, with the API's messages: what is typed stays on screen and is refused with
 * its message ('-5', '12a'), never clamped to the nearest number or put back without a word.
 */
const receiptsField = z.unknown().refine(
  (value) =>
    value === null ||
    value === '' || // blank: no figure
    (typeof value === 'number' &&
      value >= 0 &&
      value <= SIZE_LIMITS.receiptsMax &&
      Math.round(value * 100) === value * 100),
  { error: SEARCH_MESSAGES.receipts },
);
/** Employees as typed: blank, or a whole number (thousands may be grouped) up to the limit. */
const employeesOf = (text: string): number | null | undefined => {
  const bare = text.replace(/,/g, '').trim();
  if (bare === '') return null;
  return /^\d+$/.test(bare) && Number(bare) <= SIZE_LIMITS.employeesMax ? Number(bare) : undefined;
};
const employeesField = z
  .string()
  .refine((text) => employeesOf(text) !== undefined, { error: SEARCH_MESSAGES.employees });

const dollars = (n: number) =>
  n.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function SupplierSize({
  supplier,
  canEdit,
}: {
  supplier: SupplierDetail;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<SizeFacts>({
    annualReceipts: supplier.annualReceipts,
    employeeCount: supplier.employeeCount,
  });
  const [form] = Form.useForm<SizeFields>();
  const save = useMutation({
    mutationFn: (input: SizeFacts) =>
      api.put<{ message: string }>(`/api/searchSupplier/${supplier.id}/size`, {
        annualReceipts: input.annualReceipts === null ? null : String(input.annualReceipts),
        employeeCount: input.employeeCount,
      } satisfies SupplierSizeInput),
    onSuccess: (reply, input) => {
      setShown(input);
      setEditing(false);
      alert.showSuccess(reply.message);
      void queryClient.invalidateQueries({ queryKey: supplierSearchKeys.all });
    },
    onError: (error) => alert.showError(error.message),
  });
  return (
    <div data-testid="supplier-size">
      <Typography.Title level={5}>{t('supplierSearch.size')}</Typography.Title>
      {editing ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            annualReceipts: shown.annualReceipts,
            employeeCount: shown.employeeCount === null ? '' : String(shown.employeeCount),
          }}
          onFinish={(values) =>
            save.mutate({
              annualReceipts:
                typeof values.annualReceipts === 'number' ? values.annualReceipts : null,
              employeeCount: employeesOf(values.employeeCount ?? '') ?? null,
            })
          }
          data-testid="supplier-size-form"
        >
          <Form.Item
            name="annualReceipts"
            label={t('supplierSearch.annualReceipts')}
            extra={t('supplierSearch.sizeHint')}
            rules={[zodRule(receiptsField)]}
            validateTrigger={['onChange', 'onBlur']}
            style={{ maxWidth: 280 }}
          >
            <MoneyInput data-testid="supplier-size-receipts" />
          </Form.Item>
          <Form.Item
            name="employeeCount"
            label={t('supplierSearch.employeeCount')}
            rules={[zodRule(employeesField)]}
            validateTrigger={['onChange', 'onBlur']}
            style={{ maxWidth: 280 }}
          >
            <Input inputMode="numeric" data-testid="supplier-size-employees" />
          </Form.Item>
          <Space wrap>
            <SubmitButton saving={save.isPending} data-testid="supplier-size-save">
              {t('supplierSearch.saveSize')}
            </SubmitButton>
            <Button onClick={() => setEditing(false)}>{t('supplierSearch.cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <>
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
            <Descriptions.Item label={t('supplierSearch.annualReceipts')}>
              <span data-testid="supplier-receipts">
                {shown.annualReceipts === null ? '—' : dollars(shown.annualReceipts)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('supplierSearch.employeeCount')}>
              <span data-testid="supplier-employees">
                {shown.employeeCount === null ? '—' : shown.employeeCount.toLocaleString('en-US')}
              </span>
            </Descriptions.Item>
          </Descriptions>
          {canEdit && (
            <Button
              style={{ marginTop: 8 }}
              onClick={() => setEditing(true)}
              data-testid="supplier-size-edit"
            >
              {t('supplierSearch.editSize')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

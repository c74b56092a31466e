import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { EventFilters } from '@spotzcity/shared/diversity-events';

interface Values {
  category?: string;
  eventName?: string;
  city?: string;
  state?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

/** The text filters in the dialog's order, each with the longest value the API takes. */
const TEXT_FILTERS = [
  ['category', 100],
  ['eventName', 200],
  ['city', 100],
  ['state', 100],
] as const;

/** 'Filter Events': category, name, city, state and a date range; Apply resets to page 0. */
export function FilterEventsDialog({
  open,
  filters,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: EventFilters;
  onApply: (filters: EventFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const apply = (v: Values) => {
    const trim = (s?: string) => (s && s.trim() ? s.trim() : undefined);
    const [from, to] = v.dates ?? [null, null];
    const next: EventFilters = {};
    const put = <K extends keyof EventFilters>(k: K, value: EventFilters[K]) => {
      if (value !== undefined) next[k] = value;
    };
    for (const [name] of TEXT_FILTERS) put(name, trim(v[name]));
    put('fromDate', from ? from.format('YYYY-MM-DD') : undefined);
    put('toDate', to ? to.format('YYYY-MM-DD') : undefined);
    onApply(next);
  };
  return (
    <Modal
      open={open}
      title={t('diversityEvents.filterEvents')}
      okText={t('diversityEvents.apply')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="filter-events-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={apply}
        initialValues={{ ...filters, dates: null }}
      >
        {TEXT_FILTERS.map(([name, maxLength]) => (
          <Form.Item key={name} name={name} label={t(`diversityEvents.${name}`)}>
            <Input allowClear maxLength={maxLength} data-testid={`filter-${name}`} />
          </Form.Item>
        ))}
        <Form.Item name="dates" label={t('diversityEvents.dateRange')}>
          <DatePicker.RangePicker format="MM/DD/YYYY" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

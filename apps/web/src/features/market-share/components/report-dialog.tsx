/**
 * The report-parameters dialog: the span (City, State or Zip), which of its
 * values to keep (a searchable multi-select of the values present in the period) and the period.
 */
import { DatePicker, Form, Modal, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SPANS, SPAN_LABELS, type Span } from '@spotzcity/shared/market-share';
import { formatMoney } from '@spotzcity/shared/format';
import { spanValuesQuery } from '../api/get-span-values.ts';
import type { ReportParams } from '../api/report-params.ts';
import css from '../market-share.module.css';

interface DialogValues {
  span: Span;
  spanKeys: string[];
  period?: [Dayjs | null, Dayjs | null] | null;
}

const ISO = 'YYYY-MM-DD';
/** The period's two inputs, each bound to a label. */
const PERIOD_IDS = { start: 'market-share-period-from', end: 'market-share-period-to' };
const iso = (day: Dayjs | null | undefined) => (day ? day.format(ISO) : undefined);

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  onCreate: (params: ReportParams) => void;
}

export function ReportDialog({ open, onClose, onCreate }: ReportDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DialogValues>();
  const span = (Form.useWatch('span', form) as Span | undefined) ?? 'state';
  const period = Form.useWatch('period', form) as DialogValues['period'];
  const fromDate = iso(period?.[0]);
  const toDate = iso(period?.[1]);
  const values = useQuery({ ...spanValuesQuery(span, fromDate, toDate), enabled: open });
  const spanLabel = SPAN_LABELS[span];
  const now = dayjs();

  const submit = (v: DialogValues) =>
    onCreate({
      span: v.span,
      spanKeys: v.spanKeys ?? [],
      fromDate: iso(v.period?.[0]),
      toDate: iso(v.period?.[1]),
    });

  return (
    <Modal
      open={open}
      title={t('marketShare.dialog.title')}
      okText={t('marketShare.dialog.create')}
      cancelText={t('marketShare.dialog.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ ...{ 'data-testid': 'report-create' } }}
      width={560}
      destroyOnHidden
    >
      <Form<DialogValues>
        form={form}
        layout="vertical"
        initialValues={{ span: 'state', spanKeys: [] }}
        onFinish={submit}
        onValuesChange={(changed: Partial<DialogValues>) => {
          if ('span' in changed) form.setFieldValue('spanKeys', []);
        }}
        preserve={false}
        data-testid="report-form"
      >
        <Form.Item name="span" label={t('marketShare.dialog.span')} required>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="report-span">
            {SPANS.map((value) => (
              <Radio.Button key={value} value={value} data-testid={`span-${value}`}>
                {SPAN_LABELS[value]}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="spanKeys"
          label={t('marketShare.dialog.values', { span: spanLabel })}
          extra={t('marketShare.dialog.valuesHelp')}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch
            loading={values.isFetching}
            placeholder={t('marketShare.dialog.valuesPlaceholder', { span: spanLabel })}
            optionFilterProp="label"
            maxTagCount="responsive"
            options={(values.data ?? []).map((v) => ({
              value: v.value,
              label: v.value,
              spend: v.spend,
            }))}
            optionRender={(option) => (
              <div className={css.spanOption}>
                <span>{option.label}</span>
                <Typography.Text type="secondary" className="cell-money">
                  {formatMoney((option.data as { spend: number }).spend)}
                </Typography.Text>
              </div>
            )}
            data-testid="report-span-keys"
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('marketShare.dialog.period')}
          htmlFor={PERIOD_IDS.start}
          extra={t('marketShare.dialog.periodHelp')}
        >
          <DatePicker.RangePicker
            id={PERIOD_IDS}
            format="MM/DD/YYYY"
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            placeholder={[t('marketShare.dialog.from'), t('marketShare.dialog.to')]}
            presets={[
              {
                label: t('marketShare.dialog.lastTwelveMonths'),
                value: [now.subtract(12, 'month').add(1, 'day'), now],
              },
              {
                label: t('marketShare.dialog.thisYear'),
                value: [now.startOf('year'), now.endOf('year')],
              },
              {
                label: t('marketShare.dialog.lastYear'),
                value: [
                  now.subtract(1, 'year').startOf('year'),
                  now.subtract(1, 'year').endOf('year'),
                ],
              },
            ]}
            data-testid="report-period"
          />
        </Form.Item>
        {/* The field's label names the first date; the second gets its own (axe: label). */}
        <label htmlFor={PERIOD_IDS.end} className="sr-only">
          {t('marketShare.dialog.periodTo')}
        </label>
      </Form>
    </Modal>
  );
}

/**
 * "Create Report" asks for the report's period before the dashboard opens:
 * quarters and a year for RFx, a year for Contracts. The year list is the current year ± 15,
 * newest first.
 */
import { Checkbox, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUARTERS } from '@spotzcity/shared/enums';
import { MESSAGES } from '@spotzcity/shared/validation';
import { yearOptions } from './date-picker-with-year.tsx';
import './records.css';
import css from './report-dialog.module.css';

export type Quarter = (typeof QUARTERS)[number];

export interface ReportPeriod {
  quaters: Quarter[];
  year: number;
}

interface ReportDialogProps {
  open: boolean;
  title: string;
  /** Ask for quarters as well as the year. */
  withQuarters?: boolean;
  initial?: Partial<ReportPeriod>;
  onCancel: () => void;
  onCreate: (period: ReportPeriod) => void;
}

const QUARTER_MONTHS: Record<Quarter, string> = {
  Q1: 'Jan – Mar',
  Q2: 'Apr – Jun',
  Q3: 'Jul – Sep',
  Q4: 'Oct – Dec',
};

export function ReportDialog({
  open,
  title,
  withQuarters = false,
  initial,
  onCancel,
  onCreate,
}: ReportDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportPeriod>();
  const years = yearOptions(15).map((year) => ({ value: year, label: String(year) }));

  const submit = async () => {
    const values = await form.validateFields();
    onCreate({
      quaters: withQuarters ? QUARTERS.filter((q) => values.quaters?.includes(q)) : [],
      year: values.year,
    });
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('records.createReport')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'report-create' } }}
      width={460}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ quaters: [], year: new Date().getFullYear(), ...initial }}
        data-testid="report-dialog"
        requiredMark={false}
      >
        {withQuarters && (
          <Form.Item
            name="quaters"
            label={t('records.quarters')}
            rules={[{ required: true, type: 'array', min: 1, message: MESSAGES.required }]}
            // A group of checkboxes cannot carry aria-required (axe: aria-allowed-attr); the
            // rule still holds and its message names the field.
            required={false}
          >
            <Checkbox.Group
              className={css.reportQuarters}
              aria-label={t('records.quarters')}
              data-testid="report-quarters"
            >
              {QUARTERS.map((q) => (
                <Checkbox
                  key={q}
                  value={q}
                  className={css.reportQuarter}
                  data-testid={`quarter-${q}`}
                >
                  <span>
                    {q}
                    <small>{QUARTER_MONTHS[q]}</small>
                  </span>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        )}
        <Form.Item
          name="year"
          label={t('records.year')}
          rules={[{ required: true, message: MESSAGES.required }]}
        >
          <Select options={years} listHeight={240} data-testid="report-year" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

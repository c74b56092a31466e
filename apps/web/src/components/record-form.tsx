/**
 * The frame of a record's add/edit form (RFx, Contracts): a vertical antd form validated on blur
 * that scrolls to the first invalid field, disabled while saving, with Cancel and the submit
 * button at the bottom. The sections (`FormSection`) are its children.
 * Test ids: `${module}-form`, `-cancel`, `-submit`.
 */
import type { ReactNode } from 'react';
import { Col, Form, type FormInstance, type FormItemProps, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ChoiceItem } from './choice-item.tsx';
import { DatePickerWithYear } from './date-picker-with-year.tsx';
import { FormFooter } from './form-footer.tsx';
import { zodFieldRule, type FieldPath } from './form-rules.ts';
import './records.css';
import css from './record-form.module.css';

export interface RecordFormProps<Values> {
  module: string;
  form: FormInstance<Values>;
  initialValues: FormProps<Values>['initialValues'];
  onValuesChange: (changed: Partial<Values>) => void;
  onFinish: (values: Values) => void;
  saving: boolean;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
}

export function RecordForm<Values>({
  module,
  form,
  initialValues,
  onValuesChange,
  onFinish,
  saving,
  onCancel,
  submitLabel,
  children,
}: RecordFormProps<Values>) {
  const { t } = useTranslation();
  return (
    <Form<Values>
      form={form}
      name={module}
      layout="vertical"
      validateTrigger="onBlur"
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) => {
        if (errorFields[0]) form.scrollToField(errorFields[0].name, { block: 'center' });
      }}
      initialValues={initialValues}
      disabled={saving}
      scrollToFirstError={false}
      data-testid={`${module}-form`}
    >
      {children}
      <FormFooter
        className={css.recordFormFooter}
        saving={saving}
        submitLabel={submitLabel}
        submitTestId={`${module}-submit`}
        cancel={{ label: t('records.cancel'), onClick: onCancel, testId: `${module}-cancel` }}
      />
    </Form>
  );
}

export interface DateItemProps {
  name: string;
  label: string;
  rules: FormItemProps['rules'];
  /** Fields whose change checks this one again (the start of a period, for its end). */
  dependencies?: string[];
  'data-testid': string;
}

/** A required day of a form. */
export function DateItem({
  name,
  label,
  rules,
  dependencies,
  'data-testid': testId,
}: DateItemProps) {
  return (
    <ChoiceItem name={name} label={label} dependencies={dependencies} rules={rules}>
      <DatePickerWithYear data-testid={testId} />
    </ChoiceItem>
  );
}

export interface RecordFieldProps {
  name: FieldPath;
  /** The field's path in the schema, when `name` is relative to a Form.List. */
  path?: FieldPath;
  label: ReactNode;
  /** Its share of the row's 24 columns from tablets up; on phones every field takes the row. */
  md?: number;
  required?: boolean;
  /** Checked on change too: a picker or a select has no typing to blur. */
  checkOnChange?: boolean;
  /** No rule: an optional choice that only offers valid values. */
  unchecked?: boolean;
  normalize?: FormItemProps['normalize'];
  children: ReactNode;
}

/**
 * The field of a record form on `schema`, in its column of the form's grid and checked with the
 * schema's rule at its path, so the form shows the server's own messages (spec point 5). Made
 * once per form module: `const Field = recordField(rfxSchema)`.
 */
export function recordField(schema: z.ZodType) {
  return function RecordField({
    name,
    path = name,
    md = 8,
    checkOnChange,
    unchecked,
    children,
    ...item
  }: RecordFieldProps) {
    return (
      <Col xs={24} md={md}>
        <Form.Item
          name={name as never}
          rules={unchecked ? undefined : [zodFieldRule(schema, path)]}
          validateTrigger={checkOnChange ? ['onBlur', 'onChange'] : undefined}
          {...item}
        >
          {children}
        </Form.Item>
      </Col>
    );
  };
}

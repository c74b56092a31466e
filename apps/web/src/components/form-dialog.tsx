/**
 * The add/edit dialog of the administration screens (clients, SpotzCity admins, users): a
 * vertical form validated on blur and disabled while saving, an information hint above it (who
 * is invited, when adding), Save submits the form, and a click outside does not close it.
 * Test ids: `${name}-dialog` (the form) and `${name}-save`.
 */
import type { ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance, type FormProps } from 'antd';

export interface FormDialogProps<Values> {
  /** The form's name, which also names its test ids. */
  name: string;
  form: FormInstance<Values>;
  title: string;
  okText: string;
  cancelText: string;
  /** Shown above the fields; none for no hint. */
  hint?: string | undefined;
  saving: boolean;
  width?: number;
  initialValues: FormProps<Values>['initialValues'];
  onValuesChange: NonNullable<FormProps<Values>['onValuesChange']>;
  onFinish: (values: Values) => void;
  onClose: () => void;
  children: ReactNode;
}

export function FormDialog<Values>({
  name,
  form,
  title,
  okText,
  cancelText,
  hint,
  saving,
  width,
  initialValues,
  onValuesChange,
  onFinish,
  onClose,
  children,
}: FormDialogProps<Values>) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okText={okText}
      cancelText={cancelText}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ ...{ 'data-testid': `${name}-save` } }}
      width={width}
      maskClosable={false}
    >
      {hint && <Alert type="info" showIcon title={hint} className="dialog-hint" />}
      <Form<Values>
        form={form}
        name={name}
        data-testid={`${name}-dialog`}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
        disabled={saving}
      >
        {children}
      </Form>
    </Modal>
  );
}

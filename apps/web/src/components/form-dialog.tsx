/**
 * The add/edit dialog of the administration screens (clients, SpotzCity admins, users): titled
 * for adding or editing, a vertical form validated on blur and disabled while saving, an
 * information hint above it when adding (who is invited), Save submits the form, and a click
 * outside does not close it.
 * Test ids: `${name}-dialog` (the form) and `${name}-save`.
 */
import type { ReactNode } from 'react';
import { Alert, Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps<Values> {
  /** The form's name, which also names its test ids. */
  name: string;
  form: FormInstance<Values>;
  /** Whether an existing row is being edited rather than a new one added. */
  editing: boolean;
  titles: { add: string; edit: string };
  /** Shown above the fields when adding. */
  addHint: string;
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
  editing,
  titles,
  addHint,
  saving,
  width,
  initialValues,
  onValuesChange,
  onFinish,
  onClose,
  children,
}: FormDialogProps<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={editing ? titles.edit : titles.add}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ ...{ 'data-testid': `${name}-save` } }}
      width={width}
      maskClosable={false}
    >
      {!editing && <Alert type="info" showIcon title={addHint} className="dialog-hint" />}
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

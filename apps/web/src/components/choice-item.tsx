import { Form, type FormItemProps } from 'antd';

/**
 * A form item without typing (a select, a picker, a list of choices): required unless told, and
 * checked on change too, as there is no typing to blur (fields are checked once touched).
 */
export function ChoiceItem({ required = true, ...item }: FormItemProps) {
  return <Form.Item required={required} validateTrigger={['onBlur', 'onChange']} {...item} />;
}

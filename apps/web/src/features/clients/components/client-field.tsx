import type { ReactNode } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { clientFields } from '@spotzcity/shared/clients';
import { zodRule } from '../../../components/form-rules.ts';

/**
 * A required field of the client and SpotzCity admin dialogs: labelled by its name and checked
 * with the shared rule of that name, so both dialogs show the server's own messages.
 */
export function ClientField({
  name,
  children,
}: {
  name: 'clientId' | 'name' | 'email' | 'companyName';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t(`clients.${name}`)}
      required
      rules={[zodRule(clientFields[name])]}
    >
      {children}
    </Form.Item>
  );
}

import { useRef } from 'react';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  clientCreateSchema,
  clientFields,
  oneYearAfter,
  type ClientItem,
} from '@spotzcity/shared/clients';
import { CLIENT_TYPES, type ClientType } from '@spotzcity/shared/enums';
import { todayIso } from '@spotzcity/shared/validation';
import { DatePickerWithYear } from '../../../components/date-picker-with-year.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DateItem } from '../../../components/record-form.tsx';
import { ChoiceItem } from '../../../components/choice-item.tsx';
import {
  useRevalidateInvalid,
  useSaveResult,
  zodFieldRule,
  zodRule,
} from '../../../components/form-rules.ts';
import { useSaveClient, type ClientValues } from '../api/save-client.ts';
import { endAfterStartChange } from '../contract-term.ts';
import { ClientField } from './client-field.tsx';

interface ClientDialogProps {
  /** The row being edited; none to add a client. */
  client?: ClientItem;
  /** Whether SUPER_ADMIN may be chosen as the type (the createAdmin flag). */
  allowAdminType: boolean;
  onClose: () => void;
}

/**
 * Add or edit a client: its contact, company, type, status and contract. The end of the contract
 * follows the start (one year later) until the user picks an end of their own.
 */
export function ClientDialog({ client, allowAdminType, onClose }: ClientDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClientValues>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveClient();
  const saved = useSaveResult(form, onClose);
  const editing = Boolean(client);

  const startValue = client?.contractStartAt ?? todayIso();
  const initialValues: ClientValues = {
    clientId: client?.clientId ?? '',
    name: client?.name ?? '',
    email: client?.email ?? '',
    companyName: client?.companyName ?? '',
    type: client?.type ?? ('BUYER' as ClientType),
    status: client?.status ?? 'ENABLE',
    contractStartAt: startValue,
    contractEndAt: client?.contractEndAt ?? oneYearAfter(startValue),
  };

  // The start the end last followed: the end keeps the default term until the user moves it.
  const previousStart = useRef(startValue);
  const onValuesChange = (changed: Partial<ClientValues>, all: ClientValues) => {
    if (changed.contractStartAt !== undefined) {
      const end = endAfterStartChange(
        previousStart.current,
        all.contractEndAt,
        changed.contractStartAt,
      );
      if (end !== all.contractEndAt) form.setFieldValue('contractEndAt', end);
      previousStart.current = changed.contractStartAt;
    }
    revalidate(changed);
  };

  const submit = (values: ClientValues) => {
    save.mutate(
      {
        id: client?.id,
        clientId: values.clientId.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        companyName: values.companyName.trim(),
        type: values.type,
        status: values.status,
        contractStartAt: values.contractStartAt,
        contractEndAt: values.contractEndAt || undefined,
      },
      saved,
    );
  };

  const typeOptions = CLIENT_TYPES.filter(
    (type) => type !== 'SUPER_ADMIN' || allowAdminType || client?.type === type,
  ).map((type) => ({ value: type, label: t(`clients.types.${type}`) }));

  return (
    <FormDialog
      name="client"
      form={form}
      editing={editing}
      titles={{ add: t('clients.addClientTitle'), edit: t('clients.editClientTitle') }}
      addHint={t('clients.invitationHint')}
      saving={save.isPending}
      width={640}
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <ClientField name="clientId">
            <Input autoFocus data-testid="client-clientId" />
          </ClientField>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="type"
            label={t('clients.typeField')}
            required
            extra={editing ? t('clients.typeLocked') : undefined}
          >
            <Select options={typeOptions} disabled={editing} data-testid="client-type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ClientField name="name">
            <Input autoComplete="name" data-testid="client-name" />
          </ClientField>
        </Col>
        <Col xs={24} sm={12}>
          <ClientField name="email">
            <Input inputMode="email" autoComplete="email" data-testid="client-email" />
          </ClientField>
        </Col>
        <Col xs={24} sm={12}>
          <ClientField name="companyName">
            <Input autoComplete="organization" data-testid="client-companyName" />
          </ClientField>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('clients.status')} required>
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="client-status">
              <Radio.Button value="ENABLE">{t('clients.enable')}</Radio.Button>
              <Radio.Button value="DISABLE">{t('clients.disable')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <DateItem
            name="contractStartAt"
            label={t('clients.contractStartAt')}
            rules={[zodRule(clientFields.contractStartAt)]}
            data-testid="client-contractStartAt"
          />
        </Col>
        <Col xs={24} sm={12}>
          <ChoiceItem
            required={false}
            name="contractEndAt"
            label={t('clients.contractEndAt')}
            extra={t('clients.contractEndHelp')}
            dependencies={['contractStartAt']}
            rules={[zodFieldRule(clientCreateSchema, 'contractEndAt')]}
          >
            <DatePickerWithYear data-testid="client-contractEndAt" />
          </ChoiceItem>
        </Col>
      </Row>
    </FormDialog>
  );
}

import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_LABELS, type Role } from '@spotzcity/shared/permissions';
import {
  PLATFORM_ROLES,
  ROLES_BY_CLIENT_TYPE,
  actsAcrossOrganisations,
  userCreateSchema,
  type UserItem,
} from '@spotzcity/shared/users';
import { MESSAGES } from '@spotzcity/shared/validation';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useRevalidateInvalid, useSaveResult, zodRule } from '../../../components/form-rules.ts';
import { ChoiceItem } from '../../../components/choice-item.tsx';
import { clientOptionsQuery } from '../api/get-client-options.ts';
import { useSaveUser, type UserValues } from '../api/save-user.ts';

interface UserDialogProps {
  /** The row being edited; none to add a user. */
  user?: UserItem;
  onClose: () => void;
}

const rules = userCreateSchema.shape;

/**
 * Add or edit a user: client id, name and e-mail. Super Users and Super Admins
 * pick any client id; anyone else's users join their own organisation. Editing also offers the
 * roles of the user's organisation (a Buyer Admin promotes or demotes within their own).
 */
export function UserDialog({ user, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [form] = Form.useForm<UserValues>();
  const revalidate = useRevalidateInvalid(form);
  const save = useSaveUser();
  const saved = useSaveResult(form, onClose);
  const across = actsAcrossOrganisations(me.role);
  const options = useQuery({ ...clientOptionsQuery(), enabled: across && !user });

  const roles = user
    ? ROLES_BY_CLIENT_TYPE[user.clientType].filter(
        (role) => !PLATFORM_ROLES.includes(role) || me.features.client.createAdmin,
      )
    : [];
  const showRole = Boolean(user) && roles.length > 1 && user?.id !== me.id;

  const submit = (values: UserValues) => {
    save.mutate(
      {
        id: user?.id,
        clientId: across ? values.clientId : undefined,
        name: values.name.trim(),
        email: values.email.trim(),
        role: showRole ? values.role : undefined,
      },
      saved,
    );
  };

  return (
    <FormDialog
      name="user"
      form={form}
      editing={Boolean(user)}
      titles={{ add: t('users.addUserTitle'), edit: t('users.editUserTitle') }}
      addHint={t('users.invitationHint')}
      saving={save.isPending}
      initialValues={{
        clientId: user?.clientId ?? (across ? undefined : me.clientId),
        name: user?.name ?? '',
        email: user?.email ?? '',
        role: user?.role,
      }}
      onValuesChange={revalidate}
      onFinish={submit}
      onClose={onClose}
    >
      {across && !user ? (
        <ChoiceItem
          name="clientId"
          label={t('users.clientId')}
          rules={[{ required: true, message: MESSAGES.required }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('users.chooseClient')}
            options={options.data ?? []}
            loading={options.isPending}
            data-testid="user-clientId"
          />
        </ChoiceItem>
      ) : (
        <Form.Item
          name="clientId"
          label={t('users.clientId')}
          extra={!user ? t('users.clientIdForced') : undefined}
        >
          <Input readOnly variant="filled" data-testid="user-clientId" />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('users.name')} required rules={[zodRule(rules.name)]}>
        <Input autoFocus autoComplete="name" data-testid="user-name" />
      </Form.Item>
      <Form.Item name="email" label={t('users.email')} required rules={[zodRule(rules.email)]}>
        <Input inputMode="email" autoComplete="email" data-testid="user-email" />
      </Form.Item>
      {showRole && (
        <Form.Item name="role" label={t('users.role')} required>
          <Select
            options={roles.map((role: Role) => ({ value: role, label: ROLE_LABELS[role] }))}
            data-testid="user-role"
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}

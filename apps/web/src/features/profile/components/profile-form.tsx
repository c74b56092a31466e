import { useState } from 'react';
import { Button, Col, Form, Input, Radio, Row } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@spotzcity/shared/api';
import { profileUpdateSchema } from '@spotzcity/shared/auth';
import type { Gender } from '@spotzcity/shared/enums';
import { ROLE_LABELS, type Role } from '@spotzcity/shared/permissions';
import { digitsOnly } from '@spotzcity/shared/validation';
import { ApiError } from '../../../api/client.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { DatePickerWithYear } from '../../../components/date-picker-with-year.tsx';
import { FormFooter } from '../../../components/form-footer.tsx';
import { applyFieldErrors, useRevalidateInvalid, zodRule } from '../../../components/form-rules.ts';
import { ChoiceItem } from '../../../components/choice-item.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import type { PictureChange } from './avatar-picker.tsx';

interface ProfileValues {
  name: string;
  phone: string;
  gender?: Gender;
  dateOfBirth: string;
}

interface ProfileFormProps {
  user: UserProfile;
  picture: PictureChange;
  onSaved: () => void;
  onResetPassword: () => void;
  onPendingChange: (pending: boolean) => void;
}

const rules = profileUpdateSchema.shape;

const asGender = (value: string | null): Gender | undefined =>
  value === 'MALE' || value === 'FEMALE' ? value : undefined;

/** A fact of the account the user cannot change here, shown in the form's grid. */
function ReadOnlyField({
  id,
  label,
  value,
  'data-testid': testId,
}: {
  id: string;
  label: string;
  value: string;
  'data-testid': string;
}) {
  return (
    <Col xs={24} md={12}>
      <Form.Item label={label} htmlFor={id}>
        <Input id={id} value={value} readOnly variant="filled" data-testid={testId} />
      </Form.Item>
    </Col>
  );
}

/** The profile fields; Email ID, Role and Company are read-only. */
export function ProfileForm({
  user,
  picture,
  onSaved,
  onResetPassword,
  onPendingChange,
}: ProfileFormProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [form] = Form.useForm<ProfileValues>();
  const revalidate = useRevalidateInvalid(form);
  const update = useUpdateProfile();
  const [phoneStripped, setPhoneStripped] = useState(false);

  const submit = (values: ProfileValues) => {
    if (!values.gender) return;
    onPendingChange(true);
    update.mutate(
      {
        name: values.name.trim(),
        phone: values.phone ?? '',
        gender: values.gender,
        dateOfBirth: values.dateOfBirth,
        email: user.email,
        deleteImage: picture.kind === 'remove',
        image: picture.kind === 'replace' ? picture.file : undefined,
      },
      {
        onSuccess: (reply) => {
          onSaved();
          alert.showSuccess(reply.message);
        },
        onError: (error) => {
          if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors);
          alert.showError(error.message);
        },
        onSettled: () => onPendingChange(false),
      },
    );
  };

  return (
    <Form
      form={form}
      name="profile"
      layout="vertical"
      validateTrigger="onBlur"
      onValuesChange={revalidate}
      onFinish={submit}
      disabled={update.isPending}
      initialValues={{
        name: user.name,
        phone: user.phone ?? '',
        gender: asGender(user.gender),
        dateOfBirth: user.dateOfBirth ?? '',
      }}
      data-testid="profile-form"
    >
      <Row gutter={20}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('profile.name')} required rules={[zodRule(rules.name)]}>
            <Input autoComplete="name" data-testid="profile-name-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {/* The profile's phone keeps its digits and drops everything else, as the spec has it;
              when a typed character is dropped the field says so, so that a letter that does not
              appear never looks like a key that did not work. */}
          <Form.Item
            name="phone"
            label={t('profile.phone')}
            rules={[zodRule(rules.phone)]}
            normalize={(value?: string) => {
              const digits = digitsOnly(value ?? '');
              setPhoneStripped(digits !== (value ?? ''));
              return digits;
            }}
            extra={
              phoneStripped ? (
                <span data-testid="profile-phone-stripped">{t('profile.phoneDigitsKept')}</span>
              ) : undefined
            }
          >
            <Input inputMode="tel" autoComplete="tel" data-testid="profile-phone" />
          </Form.Item>
        </Col>
        <ReadOnlyField
          id="profile_emailId"
          label={t('profile.emailId')}
          value={user.email}
          data-testid="profile-email-input"
        />
        <ReadOnlyField
          id="profile_role"
          label={t('profile.role')}
          value={ROLE_LABELS[user.role as Role] ?? user.role}
          data-testid="profile-role"
        />
        <ReadOnlyField
          id="profile_company"
          label={t('profile.company')}
          value={user.companyName ?? ''}
          data-testid="profile-company-input"
        />
        <Col xs={24} md={12}>
          <Form.Item
            name="gender"
            label={t('profile.gender')}
            required
            rules={[zodRule(rules.gender)]}
            validateTrigger="onChange"
          >
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="profile-gender">
              <Radio.Button value="MALE">
                <span data-testid="gender-male">{t('profile.male')}</span>
              </Radio.Button>
              <Radio.Button value="FEMALE">
                <span data-testid="gender-female">{t('profile.female')}</span>
              </Radio.Button>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <ChoiceItem
            name="dateOfBirth"
            label={t('profile.dateOfBirth')}
            rules={[zodRule(rules.dateOfBirth)]}
          >
            <DatePickerWithYear
              disableFuture
              // Anyone alive may be signing up: a hundred years back, none ahead.
              yearsBack={100}
              yearsAhead={0}
              data-testid="profile-dob"
            />
          </ChoiceItem>
        </Col>
      </Row>
      <FormFooter
        className="form-actions"
        saving={update.isPending}
        submitLabel={t('profile.save')}
        submitTestId="profile-save"
      >
        <Button
          type="link"
          icon={<KeyOutlined />}
          onClick={onResetPassword}
          className="form-actions-link"
          data-testid="reset-password-link"
        >
          {t('profile.resetPasswordLink')}
        </Button>
      </FormFooter>
    </Form>
  );
}

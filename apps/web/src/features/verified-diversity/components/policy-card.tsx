/**
 * The organisation's qualification policy: accepted agencies, self-certification,
 * grace months after expiry (0–12), the expiring window and the dashboards' default counting
 * rule. Shown to every reader; only the spend delete permission (Buyer Admins) changes it.
 */
import { useEffect } from 'react';
import { Card, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAX_GRACE_MONTHS,
  SELF_CERTIFICATION,
  type QualificationPolicy,
} from '@spotzcity/shared/verified-diversity';
import { COUNTING_RULES, COUNTING_RULE_LABELS } from '@spotzcity/shared/verified-words';
import { agenciesQuery } from '../../../api/certificate-agencies.ts';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { SubmitButton } from '../../../components/form-footer.tsx';
import { policyQuery, useSavePolicy } from '../api/certificates.ts';
import css from './policy-card.module.css';

interface Values extends Omit<QualificationPolicy, 'acceptedAgencies'> {
  acceptedAgencies: string[];
}

export function PolicyCard() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const alert = useAlert();
  const policy = useQuery(policyQuery());
  const agencies = useQuery(agenciesQuery());
  const save = useSavePolicy();
  const [form] = Form.useForm<Values>();
  const canChange = user.permissions.includes('DELETE_SUPPLIER_SPEND_FILE');
  useEffect(() => {
    if (policy.data) {
      form.setFieldsValue({ ...policy.data, acceptedAgencies: policy.data.acceptedAgencies ?? [] });
    }
  }, [policy.data, form]);
  if (policy.isPending) return <Skeleton active />;
  return (
    <Card title={t('verified.policy')} size="small" style={{ marginTop: 16 }} data-testid="policy">
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canChange}
        onFinish={(values) =>
          save.mutate(
            {
              ...values,
              acceptedAgencies: values.acceptedAgencies.length ? values.acceptedAgencies : null,
            },
            {
              onSuccess: (reply) => alert.showSuccess(reply.message),
              onError: (error) => alert.showError(error.message),
            },
          )
        }
      >
        <Form.Item name="acceptedAgencies" label={t('verified.acceptedAgencies')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('verified.allAgencies')}
            options={(agencies.data ?? [])
              .filter((a) => a.name !== SELF_CERTIFICATION)
              .map((a) => ({ value: a.name, label: a.name }))}
          />
        </Form.Item>
        <div className={css.grid}>
          <Form.Item
            name="acceptSelfCertified"
            label={t('verified.acceptSelf')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="graceMonths" label={t('verified.graceMonths')}>
            <InputNumber min={0} max={MAX_GRACE_MONTHS} precision={0} />
          </Form.Item>
          <Form.Item name="expiringWindowDays" label={t('verified.windowDays')}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="countingRule" label={t('verified.defaultRule')}>
            <Select
              style={{ minWidth: 200 }}
              options={COUNTING_RULES.map((r) => ({ value: r, label: COUNTING_RULE_LABELS[r] }))}
            />
          </Form.Item>
        </div>
        {canChange && (
          <SubmitButton saving={save.isPending}>{t('verified.savePolicy')}</SubmitButton>
        )}
      </Form>
    </Card>
  );
}

/**
 * The supplier detail's Certificates: the supplier directory's certificates of this
 * supplier and the organisation's own, with their derived status and source; Add and the pencil
 * open the form (with the spend upload permission), the trash deletes (with the spend delete
 * permission) — on a directory certificate only for the platform's admins (`editable`).
 */
import { useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import {
  EditOutlined,
  LockOutlined,
  PaperClipOutlined,
  PlusOutlined,
  UploadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_TYPES,
  RECORDED_STATUSES,
  type Certificate,
  type RecordedStatus,
} from '@spotzcity/shared/verified-diversity';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { agenciesQuery } from '../../../api/certificate-agencies.ts';
import { ApiError } from '../../../api/client.ts';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import {
  CertificateSourceTag,
  CertificateStatusTag,
} from '../../../components/certificate-status.tsx';
import { DeleteAction } from '../../../components/delete-action.tsx';
import css from '../search-supplier.module.css';
import { applyFieldErrors } from '../../../components/form-rules.ts';
import {
  supplierCertificatesQuery,
  useAddAgency,
  downloadCertificateDocument,
  useDeleteCertificate,
  useSaveCertificate,
  useUploadCertificateDocument,
} from '../api/certificates.ts';

const usDate = (iso: string | null) =>
  iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '—';

interface FormValues {
  diversityType: string;
  agency: string;
  certificateNumber?: string;
  issueDate: Dayjs;
  expiryDate: Dayjs;
  status: RecordedStatus;
  statusDate?: Dayjs | null;
}

function CertificateForm({
  supplierId,
  certificate,
  onClose,
}: {
  supplierId: number;
  certificate: Certificate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [form] = Form.useForm<FormValues>();
  const agencies = useQuery(agenciesQuery());
  const save = useSaveCertificate();
  const addAgency = useAddAgency();
  const [newAgency, setNewAgency] = useState('');
  const status = Form.useWatch('status', form) ?? certificate?.recordedStatus ?? 'ACTIVE';
  const statusLabels: Record<RecordedStatus, string> = {
    ACTIVE: t('verified.active'),
    SUSPENDED: t('verified.suspended'),
    DECERTIFIED: t('verified.decertified'),
  };
  const required = [{ required: true, message: 'Required' }];
  const submit = (values: FormValues) => {
    const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
    save.mutate(
      {
        ...(certificate ? { id: certificate.id } : {}),
        supplierId,
        diversityType: values.diversityType as Certificate['diversityType'] as never,
        agency: values.agency,
        certificateNumber: values.certificateNumber,
        issueDate: day(values.issueDate)!,
        expiryDate: day(values.expiryDate)!,
        status: values.status,
        statusDate: values.status === 'ACTIVE' ? undefined : day(values.statusDate),
      },
      {
        onSuccess: (reply) => {
          alert.showSuccess(reply.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors);
          alert.showError(error.message);
        },
      },
    );
  };
  return (
    <Modal
      open
      title={certificate ? t('verified.editCertificate') : t('verified.addCertificate')}
      okText={t('verified.save')}
      cancelText={t('verified.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      maskClosable={false}
      okButtonProps={{ ...{ 'data-testid': 'certificate-save' } }}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        data-testid="certificate-form"
        initialValues={
          certificate
            ? {
                diversityType: certificate.diversityType,
                agency: certificate.agency,
                certificateNumber: certificate.certificateNumber ?? undefined,
                issueDate: dayjs(certificate.issueDate),
                expiryDate: dayjs(certificate.expiryDate),
                status: certificate.recordedStatus,
                statusDate: certificate.statusDate ? dayjs(certificate.statusDate) : null,
              }
            : { status: 'ACTIVE' }
        }
        onFinish={submit}
      >
        <Form.Item name="diversityType" label={t('verified.type')} rules={required}>
          <Select
            showSearch
            data-testid="certificate-type"
            options={CERTIFICATE_TYPES.map((type) => ({
              value: type,
              label: diversityLabel(type),
            }))}
          />
        </Form.Item>
        <Form.Item name="agency" label={t('verified.agency')} rules={required}>
          <Select
            showSearch
            data-testid="certificate-agency"
            loading={agencies.isPending}
            options={(agencies.data ?? []).map((a) => ({ value: a.name, label: a.name }))}
            popupRender={(menu) => (
              <>
                {menu}
                <Space.Compact style={{ padding: 8, width: '100%' }}>
                  <Input
                    placeholder={t('verified.newAgencyPlaceholder')}
                    value={newAgency}
                    maxLength={50}
                    onChange={(e) => setNewAgency(e.target.value)}
                    onKeyDown={(e) => e.stopPropagation()}
                  />
                  <Button
                    icon={<PlusOutlined />}
                    disabled={!newAgency.trim()}
                    loading={addAgency.isPending}
                    onClick={() =>
                      addAgency.mutate(newAgency.trim(), {
                        onSuccess: (reply) => {
                          form.setFieldValue('agency', reply.data.name);
                          setNewAgency('');
                        },
                        onError: (error) => alert.showError(error.message),
                      })
                    }
                  >
                    {t('verified.addAgency')}
                  </Button>
                </Space.Compact>
              </>
            )}
          />
        </Form.Item>
        <Form.Item name="certificateNumber" label={t('verified.number')}>
          <Input maxLength={50} data-testid="certificate-number" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="issueDate" label={t('verified.issueDate')} rules={required}>
            <DatePicker format="MM/DD/YYYY" data-testid="certificate-issue" />
          </Form.Item>
          <Form.Item name="expiryDate" label={t('verified.expiryDate')} rules={required}>
            <DatePicker format="MM/DD/YYYY" data-testid="certificate-expiry" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item name="status" label={t('verified.recordedStatus')}>
            <Select
              style={{ minWidth: 160 }}
              options={RECORDED_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))}
            />
          </Form.Item>
          {status !== 'ACTIVE' && (
            <Form.Item name="statusDate" label={t('verified.statusDate')} rules={required}>
              <DatePicker format="MM/DD/YYYY" />
            </Form.Item>
          )}
        </Flex>
      </Form>
    </Modal>
  );
}

export function SupplierCertificates({ supplierId }: { supplierId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const alert = useAlert();
  const certificates = useQuery(supplierCertificatesQuery(supplierId));
  const remove = useDeleteCertificate();
  const attach = useUploadCertificateDocument();
  const [editing, setEditing] = useState<Certificate | null | 'new'>(null);
  const canEdit = user.permissions.includes('UPLOAD_SUPPLIER_SPEND_FILE');
  const canDelete = user.permissions.includes('DELETE_SUPPLIER_SPEND_FILE');
  return (
    <Card
      title={t('verified.certificates')}
      style={{ marginBottom: 20 }}
      data-testid="supplier-certificates"
      extra={
        canEdit && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="add-certificate"
          >
            {t('verified.addCertificate')}
          </Button>
        )
      }
    >
      <Table<Certificate>
        size="small"
        rowKey="id"
        loading={certificates.isPending}
        dataSource={certificates.data ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('verified.noCertificates') }}
        columns={[
          {
            title: t('verified.type'),
            dataIndex: 'diversityType',
            render: (v: string) => diversityLabel(v),
          },
          // Second, so that a phone sees it without scrolling sideways.
          {
            title: t('verified.source'),
            dataIndex: 'fromDirectory',
            render: (fromDirectory: boolean) => (
              <CertificateSourceTag fromDirectory={fromDirectory} />
            ),
          },
          {
            title: t('verified.agency'),
            dataIndex: 'agency',
            render: (v: string, c) => (
              <span>
                {v}{' '}
                {!c.accepted && (
                  <Tooltip title={t('verified.notAccepted')}>
                    <WarningOutlined className={css.notAccepted} />
                  </Tooltip>
                )}
              </span>
            ),
          },
          { title: t('verified.number'), dataIndex: 'certificateNumber', render: (v) => v ?? '—' },
          {
            title: t('verified.document'),
            dataIndex: 'documentName',
            render: (name: string | null, c) => (
              <Space size={4} wrap>
                {name && (
                  <Button
                    type="link"
                    size="small"
                    icon={<PaperClipOutlined />}
                    style={{ padding: 0 }}
                    onClick={() =>
                      downloadCertificateDocument(c.id).catch((error: Error) =>
                        alert.showError(error.message),
                      )
                    }
                    data-testid="certificate-document"
                  >
                    {name}
                  </Button>
                )}
                {canEdit && c.editable && (
                  <Upload
                    accept=".pdf,.png,.jpg,.jpeg,.gif,.webp"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      attach.mutate(
                        { id: c.id, file },
                        {
                          onSuccess: (reply) => alert.showSuccess(reply.message),
                          onError: (error) => alert.showError(error.message),
                        },
                      );
                      return false;
                    }}
                  >
                    <Button
                      size="small"
                      icon={<UploadOutlined />}
                      loading={attach.isPending && attach.variables?.id === c.id}
                      aria-label={name ? t('verified.replaceDocument') : t('verified.addDocument')}
                      data-testid="certificate-document-upload"
                    >
                      {name ? null : t('verified.addDocument')}
                    </Button>
                  </Upload>
                )}
                {!name && !(canEdit && c.editable) && '—'}
              </Space>
            ),
          },
          { title: t('verified.issueDate'), dataIndex: 'issueDate', render: usDate },
          { title: t('verified.expiryDate'), dataIndex: 'expiryDate', render: usDate },
          {
            title: t('verified.status'),
            dataIndex: 'status',
            render: (_: unknown, c) => (
              <span>
                <CertificateStatusTag status={c.status} />
                {c.statusDate && c.recordedStatus !== 'ACTIVE' && (
                  <Typography.Text type="secondary">{usDate(c.statusDate)}</Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: '',
            key: 'actions',
            width: 96,
            render: (_: unknown, c) => (
              <Space size={0}>
                {!c.editable && (canEdit || canDelete) && (
                  <Tooltip title={t('verified.directoryReadOnly')}>
                    <LockOutlined
                      aria-label={t('verified.directoryReadOnly')}
                      className={css.readOnly}
                      data-testid="certificate-read-only"
                    />
                  </Tooltip>
                )}
                {canEdit && c.editable && (
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('verified.editCertificate')}
                    onClick={() => setEditing(c)}
                  />
                )}
                {canDelete && c.editable && (
                  <DeleteAction
                    label={t('verified.certificate')}
                    onConfirm={() =>
                      remove.mutateAsync(c.id).then(
                        (reply) => alert.showSuccess(reply.message),
                        (error: Error) => alert.showError(error.message),
                      )
                    }
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <CertificateForm
          supplierId={supplierId}
          certificate={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

/**
 * The upload dialog every upload shares (training videos and modules, supplier lists, events
 * lists): a form with the caller's fields, the file drop area limited to the listed formats, a
 * real progress bar while the file goes up, and the alert with the server's message at the end
 * (ready → uploading 0–100 → uploaded). Optionally a second way to add the
 * record without a file (a training video's link).
 *
 *   <UploadDialog
 *     open={open}
 *     title="Add Module"
 *     path="/api/training/module"
 *     accept={{ extensions: ['.pdf', '.pptx'] }}
 *     toFormData={(file, values) => formWith(values, file)}
 *     onClose={() => setOpen(false)}
 *     onDone={() => reloadList()}
 *   >
 *     <Form.Item name="category" label="Category" rules={[zodRule(categorySchema)]}>…</Form.Item>
 *   </UploadDialog>
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Form, Modal, Segmented, Typography } from 'antd';
import { CloseOutlined, FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@spotzcity/shared/format';
import { ApiError } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';
import { FileDropArea, type AcceptedTypes } from './file-drop-area.tsx';
import { applyFieldErrors } from './form-rules.ts';
import { useUpload } from './use-upload.ts';

type Values = Record<string, unknown>;

export interface UploadReply {
  message?: string;
}

export interface UploadAlternative<V extends Values> {
  /** Segmented-control labels: the file way and this way. */
  fileLabel: string;
  label: string;
  /** Form items shown instead of the drop area. */
  fields: ReactNode;
  submit: (values: V) => Promise<UploadReply>;
}

export interface UploadDialogProps<V extends Values> {
  open: boolean;
  title: string;
  /** Multipart endpoint the file is posted to. */
  path: string;
  accept: AcceptedTypes;
  /** Under the drop area's text: the formats in words, the size limit… */
  hint?: string;
  /** The multipart body: the form's values and the file (send text fields first). */
  toFormData: (file: File, values: V) => FormData;
  /** Form items shown above the drop area (and above the alternative's fields). */
  children?: ReactNode;
  initialValues?: Partial<V>;
  alternative?: UploadAlternative<V>;
  /** Message when the server's reply has none. */
  successMessage?: string;
  submitLabel?: string;
  onClose: () => void;
  /** After a successful upload, once the success alert is shown: reload lists here. */
  onDone?: (reply: UploadReply) => void;
  'data-testid'?: string;
}

export function UploadDialog<V extends Values>({
  open,
  title,
  path,
  accept,
  hint,
  toFormData,
  children,
  initialValues,
  alternative,
  successMessage,
  submitLabel,
  onClose,
  onDone,
  'data-testid': testId = 'upload-dialog',
}: UploadDialogProps<V>) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [form] = Form.useForm<V>();
  const { progress, uploading, send } = useUpload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [useAlternative, setUseAlternative] = useState(false);
  const [saving, setSaving] = useState(false);
  const busy = uploading || saving;

  // Each opening starts empty, before it is painted. Reset once the closing animation had
  // ended, a dialog opened again before then kept the last upload's values, and the late reset
  // could clear what the user had just chosen.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      setFile(null);
      setFileError(null);
      setUseAlternative(false);
    }
  }
  useLayoutEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const close = () => {
    if (busy) return;
    onClose();
  };

  const finish = (reply: UploadReply) => {
    onClose();
    alert.showSuccess(reply.message || successMessage || t('alert.success'));
    onDone?.(reply);
  };

  const fail = (error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    if (error instanceof ApiError) {
      // Field errors go next to their field; the file's own error under the drop area.
      const forFile = error.fieldErrors.find((e) => e.field === 'file');
      if (forFile) setFileError(forFile.message);
      const onFields = applyFieldErrors(form, error.fieldErrors);
      if (forFile || onFields) return;
    }
    // A refused spreadsheet lists its problems by row and column under the message.
    const details =
      error instanceof ApiError ? error.rowErrors.map((e) => t('upload.rowProblem', { ...e })) : [];
    alert.showError(error instanceof Error ? error.message : String(error), { details });
  };

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (useAlternative && alternative) {
      setSaving(true);
      try {
        finish(await alternative.submit(values));
      } catch (error) {
        fail(error);
      } finally {
        setSaving(false);
      }
      return;
    }
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    try {
      finish(await send<UploadReply>(path, toFormData(file, values)));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      maskClosable={!busy}
      closable={!busy}
      destroyOnHidden
      width={560}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close} disabled={busy}>
            {t('upload.cancel')}
          </Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={busy}
            data-testid={`${testId}-submit`}
          >
            {submitLabel ?? t('upload.upload')}
          </Button>
        </Flex>
      }
      className="upload-dialog"
    >
      <div data-testid={testId}>
        {alternative && (
          <Segmented
            block
            className="upload-dialog-mode"
            value={useAlternative ? 'alternative' : 'file'}
            onChange={(value) => {
              setUseAlternative(value === 'alternative');
              setFileError(null);
            }}
            disabled={busy}
            options={[
              { value: 'file', label: alternative.fileLabel },
              { value: 'alternative', label: alternative.label },
            ]}
          />
        )}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          disabled={busy}
          onFinish={() => void submit()}
        >
          {children}
          {useAlternative && alternative ? (
            alternative.fields
          ) : (
            <div className="upload-dialog-file">
              {file ? (
                <div className="upload-dialog-chosen" data-testid={`${testId}-file`}>
                  <FileOutlined className="upload-dialog-chosen-icon" />
                  <div className="upload-dialog-chosen-text">
                    <Typography.Text strong ellipsis={{ tooltip: file.name }}>
                      {file.name}
                    </Typography.Text>
                    <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
                  </div>
                  <Button
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('upload.removeFile')}
                    disabled={busy}
                    onClick={() => {
                      setFile(null);
                      setFileError(null);
                    }}
                  />
                </div>
              ) : null}
              {!file || uploading ? (
                <FileDropArea
                  accept={accept}
                  hint={hint}
                  progress={progress}
                  onFiles={([chosen]) => {
                    if (chosen) {
                      setFile(chosen);
                      setFileError(null);
                    }
                  }}
                  data-testid={`${testId}-drop`}
                />
              ) : null}
              {fileError && (
                <Typography.Text type="danger" data-testid={`${testId}-file-error`}>
                  {fileError}
                </Typography.Text>
              )}
            </div>
          )}
        </Form>
      </div>
    </Modal>
  );
}

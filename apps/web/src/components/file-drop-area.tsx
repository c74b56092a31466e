/**
 * The drag-and-drop area of every upload: 'Drop Your Files Here', only the
 * listed formats (other files are filtered out and the area says so), one file unless `multiple`,
 * nothing sent when nothing was dropped, and a real progress bar while `progress` is set.
 *
 *   <FileDropArea accept={{ extensions: ['.xlsx'] }} onFiles={([file]) => send(file)} progress={percent} />
 */
import { useState, type DragEvent } from 'react';
import { Alert, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface AcceptedTypes {
  /** Lower-case extensions with the dot: ['.xlsx']. */
  extensions: string[];
  /** MIME types also accepted (e.g. 'video/quicktime' when the name has no extension). */
  mimeTypes?: string[];
}

export interface FileDropAreaProps {
  accept: AcceptedTypes;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  /** 0–100 while an upload is running; null or undefined otherwise. */
  progress?: number | null;
  /** A line under the main text (e.g. a size limit). */
  hint?: string;
  'data-testid'?: string;
}

export function isAccepted(file: Pick<File, 'name' | 'type'>, accept: AcceptedTypes): boolean {
  const name = file.name.toLowerCase();
  if (accept.extensions.some((ext) => name.endsWith(ext.toLowerCase()))) return true;
  return Boolean(file.type && accept.mimeTypes?.includes(file.type.toLowerCase()));
}

export function FileDropArea({
  accept,
  onFiles,
  multiple = false,
  disabled = false,
  progress,
  hint,
  'data-testid': testId = 'file-drop-area',
}: FileDropAreaProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const types = accept.extensions.join(', ');
  const uploading = progress !== null && progress !== undefined;

  // antd filters dropped files by `accept` before beforeUpload sees them; the drop event still
  // holds every file, so refused ones are reported from there.
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const dropped = Array.from(event.dataTransfer.files);
    if (dropped.some((file) => !isAccepted(file, accept))) {
      setError(t('common.rejectedTypes', { types }));
    }
  };

  // beforeUpload runs once per file with the whole batch: act on the batch's first call only.
  const beforeUpload = (file: File, batch: File[]) => {
    if (file !== batch[0]) return false;
    const accepted = batch.filter((f) => isAccepted(f, accept));
    if (accepted.length === 0) {
      setError(t('common.rejectedTypes', { types }));
      return false;
    }
    if (!multiple && accepted.length > 1) {
      setError(t('common.tooMany'));
      return false;
    }
    setError(accepted.length < batch.length ? t('common.rejectedTypes', { types }) : null);
    onFiles(accepted);
    return false;
  };

  return (
    <div className="file-drop-area" data-testid={testId}>
      <Upload.Dragger
        accept={[...accept.extensions, ...(accept.mimeTypes ?? [])].join(',')}
        multiple={multiple}
        disabled={disabled || uploading}
        showUploadList={false}
        beforeUpload={beforeUpload}
        onDrop={onDrop}
        fileList={[]}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <Typography.Text strong>{t('common.dropFiles')}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('common.chooseFile')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
          {hint ?? t('common.acceptedTypes', { types })}
        </Typography.Paragraph>
      </Upload.Dragger>
      {uploading && (
        <Progress
          percent={progress}
          status={progress < 100 ? 'active' : 'success'}
          data-testid={`${testId}-progress`}
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          data-testid={`${testId}-error`}
          style={{ marginTop: 8 }}
        />
      )}
    </div>
  );
}

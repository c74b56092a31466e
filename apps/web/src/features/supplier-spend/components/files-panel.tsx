import { useState } from 'react';
import { Button, Card, Flex, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatFileDate } from '@spotzcity/shared/format';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { SPEND_FILE_EXTENSIONS } from '@spotzcity/shared/spend-imports';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { DeleteAction } from '../../../components/delete-action.tsx';
import { FileDropArea } from '../../../components/file-drop-area.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { useMediaQuery } from '../../../components/use-media-query.ts';
import { useDeleteFile } from '../api/delete-file.ts';
import { downloadTemplate } from '../api/download-template.ts';
import { spendKeys } from '../api/keys.ts';
import { fetchFilesPage } from '../api/list-files.ts';
import { SPEND_HOME, withFiles } from '../selection.ts';
import { ImportDialog, type ImportDialogProps } from './import-dialog.tsx';
import { ImportsList } from './imports-list.tsx';
import css from '../supplier-spend.module.css';

const PHONE_QUERY = '(max-width: 575.98px)';

interface FilesPanelProps {
  selected: number[];
  onSelect: (fileIds: number[]) => void;
}

/**
 * Left panel: upload (a dropped file opens the import dialog), the imports running or failed,
 * then the organisation's files with checkboxes, View and delete.
 */
export function FilesPanel({ selected, onSelect }: FilesPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alert = useAlert();
  const { features } = useCurrentUser();
  const canUpload = features.supplierAndSpend.uploadFile;
  const canDelete = features.supplierAndSpend.deleteFile;
  const remove = useDeleteFile();
  // On a phone the upload date goes under the name: three columns squeezed the name to a letter
  // a line and pushed View and delete off the screen.
  const narrow = useMediaQuery(PHONE_QUERY);
  const [source, setSource] = useState<ImportDialogProps['source']>(null);
  // Each upload or opened import gets a dialog of its own (its state starts afresh).
  const [dialogKey, setDialogKey] = useState(0);
  const openImport = (next: NonNullable<ImportDialogProps['source']>) => {
    setDialogKey((k) => k + 1);
    setSource(next);
  };

  const view = (fileIds: number[]) => navigate(withFiles(`${SPEND_HOME}/table`, fileIds));

  const onDelete = async (file: UploadedFile) => {
    try {
      const reply = await remove.mutateAsync(file.fileId);
      onSelect(selected.filter((id) => id !== file.fileId));
      alert.showSuccess(reply.message);
    } catch (error) {
      alert.showError((error as Error).message);
    }
  };

  const onTemplate = async () => {
    try {
      await downloadTemplate();
    } catch (error) {
      alert.showError((error as Error).message);
    }
  };

  const columns: TableColumnsType<UploadedFile> = [
    {
      key: 'fileName',
      title: t('spend.fileName'),
      render: (_, file) => (
        <Flex gap={10} align="start" className={css.spendFileCell}>
          <FileExcelOutlined className={css.spendFileIcon} />
          <div>
            <Typography.Text strong className={css.spendFileName} data-testid="file-name">
              {file.fileName}
            </Typography.Text>
            <Typography.Text type="secondary" className={css.spendFileMeta}>
              {t('spend.fileMeta', {
                count: file.rowCount,
                rows: file.rowCount.toLocaleString('en-US'),
                uploadedBy: file.uploadedBy ?? '—',
              })}
            </Typography.Text>
            {narrow ? (
              <Typography.Text type="secondary" className={css.spendFileMeta}>
                <span className={css.spendFileDate} data-testid="file-date">
                  {formatFileDate(file.createdOn)}
                </span>
              </Typography.Text>
            ) : null}
          </div>
        </Flex>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            key: 'createdOn',
            title: t('spend.uploadedOn'),
            width: 136,
            render: (_: unknown, file: UploadedFile) => (
              <span className={css.spendFileDate} data-testid="file-date">
                {formatFileDate(file.createdOn)}
              </span>
            ),
          },
        ]),
    {
      key: 'actions',
      title: '',
      width: canDelete ? 92 : 64,
      align: 'right',
      render: (_, file) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={(event) => {
              event.stopPropagation();
              view([file.fileId]);
            }}
            data-testid="file-view"
          >
            {t('spend.view')}
          </Button>
          {canDelete && (
            <DeleteAction
              label={t('spend.fileLabel')}
              name={file.fileName}
              onConfirm={() => onDelete(file)}
              data-testid="file-delete"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      className={`${css.spendPanel} spend-files-panel`}
      title={t('spend.filesTitle')}
      extra={
        <Tooltip title={selected.length === 0 ? t('spend.selectToView') : undefined}>
          <Button
            type="primary"
            icon={<EyeOutlined />}
            disabled={selected.length === 0}
            onClick={() => view(selected)}
            data-testid="view-selected"
          >
            {selected.length === 0
              ? t('spend.viewSelected')
              : t('spend.viewSelectedCount', { count: selected.length })}
          </Button>
        </Tooltip>
      }
      data-testid="files-panel"
    >
      {canUpload && (
        <div className={css.spendUpload}>
          <Typography.Paragraph className={css.spendTemplateLine}>
            {t('spend.templateBefore')}
            <Typography.Link onClick={() => void onTemplate()} data-testid="template-link">
              {t('spend.templateLink')}
            </Typography.Link>
            {t('spend.templateAfter')}
          </Typography.Paragraph>
          <FileDropArea
            accept={{ extensions: SPEND_FILE_EXTENSIONS.map((e) => `.${e}`) }}
            onFiles={([file]) => file && openImport({ file })}
            hint={t('spend.uploadHint')}
            data-testid="spend-drop-area"
          />
        </div>
      )}
      <ImportsList canAct={canUpload} onOpen={(job) => openImport({ job })} />
      <ImportDialog key={dialogKey} source={source} onClose={() => setSource(null)} />
      <InfiniteTable<UploadedFile>
        queryKey={spendKeys.files()}
        fetchPage={fetchFilesPage}
        columns={columns}
        rowKey="fileId"
        height={canUpload ? 420 : 640}
        size="small"
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(Number)),
          columnWidth: 36,
        }}
        data-testid="files-table"
      />
    </Card>
  );
}

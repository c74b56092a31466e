import type { ReactNode } from 'react';
import { Typography } from 'antd';
import {
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@spotzcity/shared/format';
import { extensionOf, type TrainingItem } from '@spotzcity/shared/training';
import { DeleteAction } from '../../../components/delete-action.tsx';
import css from '../training.module.css';

const ICONS: [string[], ReactNode, string][] = [
  [['pdf'], <FilePdfOutlined key="pdf" />, 'pdf'],
  [['ppt', 'pptx', 'pps', 'ppsx', 'pot', 'potx', 'odp'], <FilePptOutlined key="ppt" />, 'ppt'],
  [['doc', 'docx', 'dot', 'dotx', 'odt', 'rtf'], <FileWordOutlined key="doc" />, 'doc'],
  [['xls', 'xlsx', 'xlt', 'xltx', 'ods', 'csv'], <FileExcelOutlined key="xls" />, 'xls'],
  [['png', 'jpg', 'jpeg', 'gif', 'webp'], <FileImageOutlined key="img" />, 'img'],
  [['txt'], <FileTextOutlined key="txt" />, 'txt'],
];

function iconOf(fileName: string) {
  const ext = extensionOf(fileName);
  const found = ICONS.find(([exts]) => exts.includes(ext));
  return found ? { icon: found[1], kind: found[2] } : { icon: <FileOutlined />, kind: 'other' };
}

export interface ModuleRowProps {
  item: TrainingItem;
  canDelete: boolean;
  onDelete: (item: TrainingItem) => Promise<unknown>;
}

export function ModuleRow({ item, canDelete, onDelete }: ModuleRowProps) {
  const { t } = useTranslation();
  const { icon, kind } = iconOf(item.fileName);
  return (
    <li className={css.trainingModule} data-testid="training-module" data-id={item.id}>
      <span className={`${css.trainingModuleIcon} ${css[kind] ?? ''}`}>{icon}</span>
      <div className={css.trainingModuleText}>
        <Typography.Link
          href={item.url}
          target="_blank"
          rel="noreferrer"
          ellipsis
          className={css.trainingName}
          title={item.fileName}
        >
          {item.fileName}
        </Typography.Link>
        <Typography.Text type="secondary" className={css.trainingModuleSize}>
          {extensionOf(item.fileName).toUpperCase()}
          {item.size !== null && ` · ${formatFileSize(item.size)}`}
        </Typography.Text>
      </div>
      {item.downloadUrl && (
        <Typography.Link
          href={item.downloadUrl}
          className={css.trainingModuleDownload}
          data-testid="download-module"
        >
          <DownloadOutlined /> {t('training.download')}
        </Typography.Link>
      )}
      {canDelete && (
        <DeleteAction
          label={t('training.moduleLabel')}
          name={item.fileName}
          onConfirm={() => onDelete(item)}
          data-testid="delete-module"
        />
      )}
    </li>
  );
}

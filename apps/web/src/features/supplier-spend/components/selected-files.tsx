import { Flex, Tag, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fileNamesQuery } from '../api/file-names.ts';
import css from '../supplier-spend.module.css';

/** The files a sub-view is about, by name ("All files" when none is selected). */
export function SelectedFiles({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const names = useQuery(fileNamesQuery());
  return (
    <Flex
      className={css.spendSelectedFiles}
      gap={6}
      wrap
      align="center"
      data-testid="selected-files"
    >
      <Typography.Text type="secondary">{t('spend.selectedFiles')}:</Typography.Text>
      {fileIds.length === 0 ? (
        <Tag bordered={false} icon={<FileExcelOutlined />}>
          {t('spend.suppliersScopeAll')}
        </Tag>
      ) : (
        fileIds.map((id) => (
          <Tag key={id} bordered={false} icon={<FileExcelOutlined />} color="processing">
            {names.data?.get(id)?.fileName ?? t('spend.unknownFile', { id })}
          </Tag>
        ))
      )}
    </Flex>
  );
}

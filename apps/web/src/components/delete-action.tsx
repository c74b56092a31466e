/**
 * The trash icon that asks before deleting (spec 01: "Delete asks for confirmation with label
 * User"). The label names what is deleted: 'Client', 'User', 'RFx' …
 */
import { useState } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface DeleteActionProps {
  label: string;
  onConfirm: () => Promise<unknown> | void;
  disabled?: boolean;
  'data-testid'?: string;
}

export function DeleteAction({
  label,
  onConfirm,
  disabled,
  'data-testid': testId,
}: DeleteActionProps) {
  const { t } = useTranslation();
  // The tooltip would sit over the confirmation's buttons: it hides while the question is open.
  const [asking, setAsking] = useState(false);
  return (
    <Popconfirm
      open={asking}
      onOpenChange={setAsking}
      title={t('common.deleteTitle', { label })}
      description={t('common.deleteBody', { label })}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-delete' } }}
      onConfirm={() => onConfirm()}
      disabled={disabled}
    >
      <Tooltip title={t('common.deleteLabel', { label })} open={asking ? false : undefined}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('common.deleteLabel', { label })}
          disabled={disabled}
          data-testid={testId ?? 'delete-action'}
          onClick={(event) => event.stopPropagation()}
        />
      </Tooltip>
    </Popconfirm>
  );
}

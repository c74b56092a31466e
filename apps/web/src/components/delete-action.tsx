/**
 * The trash icon that asks before deleting (spec 01: "Delete asks for confirmation with label
 * User"). The label says what kind of thing is deleted ('Client', 'User', 'RFx' …) and `name`
 * which one: the question and the button's accessible name carry it, so eight trash icons in a
 * list are eight different buttons to a screen reader ('Delete Video "Onboarding basics"').
 */
import { useState } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface DeleteActionProps {
  label: string;
  /** The item's own name, as the list shows it. */
  name?: string;
  onConfirm: () => Promise<unknown> | void;
  disabled?: boolean;
  'data-testid'?: string;
}

export function DeleteAction({
  label,
  name,
  onConfirm,
  disabled,
  'data-testid': testId,
}: DeleteActionProps) {
  const { t } = useTranslation();
  // The tooltip would sit over the confirmation's buttons: it hides while the question is open.
  const [asking, setAsking] = useState(false);
  const named = name !== undefined && name.trim() !== '';
  const buttonLabel = named
    ? t('common.deleteNamedLabel', { label, name })
    : t('common.deleteLabel', { label });
  return (
    <Popconfirm
      open={asking}
      onOpenChange={setAsking}
      title={
        named ? t('common.deleteNamedTitle', { label, name }) : t('common.deleteTitle', { label })
      }
      description={
        named ? t('common.deleteNamedBody', { label, name }) : t('common.deleteBody', { label })
      }
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-delete' } }}
      onConfirm={() => onConfirm()}
      disabled={disabled}
    >
      <Tooltip title={buttonLabel} open={asking ? false : undefined}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={buttonLabel}
          disabled={disabled}
          data-testid={testId ?? 'delete-action'}
          onClick={(event) => event.stopPropagation()}
        />
      </Tooltip>
    </Popconfirm>
  );
}

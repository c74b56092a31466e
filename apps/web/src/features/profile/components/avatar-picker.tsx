import { useEffect } from 'react';
import { Avatar, Button, Space, Typography, Upload } from 'antd';
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../../components/alert-modal.tsx';
import { initialsOf } from '../../../components/initials.ts';

/** What happens to the picture on the next save. */
export type PictureChange =
  { kind: 'keep' } | { kind: 'replace'; file: File; previewUrl: string } | { kind: 'remove' };

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

interface AvatarPickerProps {
  name: string;
  currentUrl: string | null;
  change: PictureChange;
  onChange: (change: PictureChange) => void;
  /** Hide the buttons (reset-password mode). */
  readOnly?: boolean;
  disabled?: boolean;
}

export function AvatarPicker({
  name,
  currentUrl,
  change,
  onChange,
  readOnly,
  disabled,
}: AvatarPickerProps) {
  const { t } = useTranslation();
  const alert = useAlert();

  // The preview URL of a chosen file lives until another choice replaces it.
  const previewUrl = change.kind === 'replace' ? change.previewUrl : undefined;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shown =
    change.kind === 'replace' ? change.previewUrl : change.kind === 'remove' ? null : currentUrl;

  const choose = (file: File) => {
    if (!PICTURE_TYPES.includes(file.type)) {
      alert.showError(t('profile.pictureWrongType'));
    } else if (file.size > PICTURE_MAX_BYTES) {
      alert.showError(t('profile.pictureTooLarge'));
    } else {
      onChange({ kind: 'replace', file, previewUrl: URL.createObjectURL(file) });
    }
    return Upload.LIST_IGNORE;
  };

  const remove = () => onChange(change.kind === 'replace' ? { kind: 'keep' } : { kind: 'remove' });
  // Discarding a just-chosen file brings back the saved picture, so "remove" then means the
  // saved one; with nothing shown there is nothing to remove.
  const canRemove = shown !== null;

  return (
    <div className="avatar-picker" data-testid="avatar-picker">
      <Avatar
        size={128}
        src={shown ?? undefined}
        className="avatar-picker-image"
        data-testid="profile-picture"
        alt={name}
      >
        {initialsOf(name)}
      </Avatar>
      {!readOnly && (
        <>
          <Space wrap className="avatar-picker-actions">
            <Upload
              accept={PICTURE_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={choose}
              disabled={disabled}
              maxCount={1}
            >
              <Button icon={<CameraOutlined />} disabled={disabled} data-testid="change-picture">
                {t('profile.changePicture')}
              </Button>
            </Upload>
            {canRemove && (
              <Button
                icon={<DeleteOutlined />}
                onClick={remove}
                disabled={disabled}
                danger
                data-testid="remove-picture"
              >
                {t('profile.removePicture')}
              </Button>
            )}
          </Space>
          <Typography.Text type="secondary" className="avatar-picker-hint">
            {change.kind === 'replace'
              ? t('profile.picturePending')
              : change.kind === 'remove'
                ? t('profile.pictureRemovePending')
                : t('profile.pictureHint')}
          </Typography.Text>
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useSettings } from '../../api/get-settings.ts';
import { initialsOf } from '../../components/initials.ts';

/**
 * The picture, else the initials, in a circle: plain elements and CSS (styles.css), drawn with the
 * shell on every signed-in page. antd's Avatar measured its text after mounting, a layout of the
 * whole page inside the first commit (the signed-in first load); two letters fit
 * either size, so nothing needs measuring.
 */
function ProfileAvatar({ size, src, name }: { size: number; src?: string; name: string }) {
  // A picture that cannot be loaded shows the initials, as antd's Avatar did.
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src && failed !== src ? src : undefined;
  return (
    <span
      className={`profile-avatar${picture ? ' profile-avatar-image' : ''}`}
      style={{ width: size, height: size }}
      data-testid="profile-avatar"
    >
      {picture ? (
        <img src={picture} alt={name} onError={() => setFailed(picture)} />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}

/** Company, name and e-mail of the signed-in user, with the spec's fallbacks. */
export function ProfileBlock({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const settings = useSettings();

  const company = user.companyName?.trim() || t('app.defaultCompany');
  const name = user.name?.trim() || t('app.defaultName');
  const email = user.email?.trim() || settings.data?.supportEmail || '';
  const openEditor = () => void navigate('/home/editProfile');

  const avatar = (
    <ProfileAvatar size={collapsed ? 40 : 64} src={user.profilePicUrl ?? undefined} name={name} />
  );

  if (collapsed) {
    return (
      <div className="profile-block profile-block-collapsed" data-testid="profile-block">
        <Tooltip title={t('shell.editProfile')} placement="right">
          <button
            type="button"
            className="profile-avatar-button"
            onClick={openEditor}
            aria-label={t('shell.editProfile')}
          >
            {avatar}
          </button>
        </Tooltip>
      </div>
    );
  }

  return (
    <div className="profile-block" data-testid="profile-block">
      {avatar}
      <div className="profile-company" data-testid="profile-company">
        {company}
      </div>
      <div className="profile-name" data-testid="profile-name">
        {name}
      </div>
      <div className="profile-email" data-testid="profile-email" title={email}>
        {email}
      </div>
      <Button
        size="small"
        ghost
        icon={<EditOutlined />}
        onClick={openEditor}
        data-testid="edit-profile-button"
        className="profile-edit"
      >
        {t('shell.editProfile')}
      </Button>
    </div>
  );
}

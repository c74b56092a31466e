import { useState } from 'react';
import { Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_LABELS, type Role } from '@spotzcity/shared/permissions';
import { useCurrentUser } from '../../api/get-profile.ts';
import { AvatarPicker, type PictureChange } from './components/avatar-picker.tsx';
import { PasswordForm } from './components/password-form.tsx';
import { ProfileForm } from './components/profile-form.tsx';
import { SignOutEverywhere } from './components/sign-out-everywhere.tsx';
import { ModuleHeader } from '../../components/module-header.tsx';

type Mode = 'edit' | 'reset';

/** /home/editProfile: the profile form, and the reset-password mode behind its link. */
export default function EditProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [mode, setMode] = useState<Mode>('edit');
  const [picture, setPicture] = useState<PictureChange>({ kind: 'keep' });
  const [saving, setSaving] = useState(false);
  const role = ROLE_LABELS[user.role as Role] ?? user.role;

  return (
    <div className="page profile-page" data-testid="edit-profile-page" data-mode={mode}>
      <ModuleHeader
        title={mode === 'edit' ? t('profile.title') : t('profile.resetTitle')}
        subtitle={mode === 'edit' ? t('profile.subtitle') : t('profile.resetSubtitle')}
      />
      <Card className="profile-card">
        <Row gutter={[48, 32]}>
          <Col xs={24} lg={8} className="profile-side">
            <AvatarPicker
              name={user.name}
              currentUrl={user.profilePicUrl}
              change={picture}
              onChange={setPicture}
              readOnly={mode === 'reset'}
              disabled={saving}
            />
            <div className="profile-side-identity">
              <Typography.Text strong className="profile-side-name">
                {user.name}
              </Typography.Text>
              <Typography.Text type="secondary">{user.email}</Typography.Text>
              <Tag color="blue" variant="filled">
                {role}
              </Tag>
            </div>
            <SignOutEverywhere />
          </Col>
          <Col xs={24} lg={16}>
            {mode === 'edit' ? (
              <ProfileForm
                user={user}
                picture={picture}
                onSaved={() => setPicture({ kind: 'keep' })}
                onResetPassword={() => setMode('reset')}
                onPendingChange={setSaving}
              />
            ) : (
              <PasswordForm onCancel={() => setMode('edit')} onDone={() => setMode('edit')} />
            )}
          </Col>
        </Row>
      </Card>
    </div>
  );
}

import { Button, Popover, Typography } from 'antd';
import { MailOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/get-settings.ts';

/** The help icon of the top bar: a popover with the support e-mail from /api/settings. */
export function HelpPopover() {
  const { t } = useTranslation();
  const settings = useSettings();
  const email = settings.data?.supportEmail;

  const content = (
    <div className="help-popover">
      <Typography.Paragraph type="secondary">{t('shell.helpBody')}</Typography.Paragraph>
      {email && (
        <a href={`mailto:${email}`} className="help-email" data-testid="support-email">
          <MailOutlined /> {email}
        </a>
      )}
    </div>
  );

  return (
    <Popover content={content} title={t('shell.helpTitle')} trigger="click" placement="bottomRight">
      <Button
        type="text"
        shape="circle"
        icon={<QuestionCircleOutlined />}
        aria-label={t('shell.help')}
        data-testid="help-button"
        className="top-bar-icon"
      />
    </Popover>
  );
}

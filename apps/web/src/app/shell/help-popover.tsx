import { useState } from 'react';
import { Button, Popover, Typography } from 'antd';
import { MailOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsQueryOptions } from '../../api/get-settings.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../components/use-media-query.ts';

/**
 * The help icon of the top bar: a popover with the support e-mail from /api/settings, asked for
 * when the popover is first opened (it stays in the cache when it closes).
 */
export function HelpPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  const settings = useQuery({ ...settingsQueryOptions(), enabled: asked });
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
    <Popover
      content={content}
      title={t('shell.helpTitle')}
      trigger="click"
      open={open}
      // On a phone the help button is near the middle of the top bar: a popover aligned to its
      // right edge ran off the window's left side.
      placement={mobile ? 'bottom' : 'bottomRight'}
      onOpenChange={setOpen}
    >
      <Button
        shape="circle"
        type="text"
        className="top-bar-icon"
        icon={<QuestionCircleOutlined />}
        aria-label={t('shell.help')}
        data-testid="help-button"
      />
    </Popover>
  );
}

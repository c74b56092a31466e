import { useState } from 'react';
import { Button, Popover } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MailOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { settingsQueryOptions } from '../../api/get-settings.ts';
import { useFirstScreenComplete } from '../../components/after-first-screen.tsx';
import text from '../../components/plain-text.module.css';
import { MOBILE_QUERY, useMediaQuery } from '../../components/use-media-query.ts';

/**
 * The help icon of the top bar: a popover with the support e-mail from /api/settings, asked for
 * once the page's first screen is complete or the popover is opened, whichever comes first.
 */
export function HelpPopover() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const settings = useQuery({
    ...settingsQueryOptions(),
    enabled: useFirstScreenComplete() || opened,
  });
  const email = settings.data?.supportEmail;

  const content = (
    <div className="help-popover">
      <p className={text.paragraph}>{t('shell.helpBody')}</p>
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
      // On a phone the help button is near the middle of the top bar: a popover aligned to its
      // right edge ran off the window's left side.
      placement={mobile ? 'bottom' : 'bottomRight'}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
    >
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

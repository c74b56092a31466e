/**
 * The help's popover (antd's Popover) around the top bar's help button: a chunk of its own, asked
 * for once the page's first screen is complete or the button is pressed (./help-popover.tsx).
 */
import { useState, type ReactElement } from 'react';
import { Popover } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { settingsQueryOptions } from '../../api/get-settings.ts';
import text from '../../components/plain-text.module.css';
import { MOBILE_QUERY, useMediaQuery } from '../../components/use-media-query.ts';

/** The support e-mail from /api/settings, asked for once the page's first screen is complete. */
export function HelpPopoverPart({
  children,
  firstScreenComplete,
  openAtOnce,
}: {
  children: ReactElement;
  firstScreenComplete: boolean;
  /** Pressed before this part's code came: open as soon as it has. */
  openAtOnce: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(openAtOnce);
  const mobile = useMediaQuery(MOBILE_QUERY);
  // Once asked for, the answer stays in the cache when the popover closes.
  const settings = useQuery({ ...settingsQueryOptions(), enabled: firstScreenComplete || open });
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
      open={open}
      // On a phone the help button is near the middle of the top bar: a popover aligned to its
      // right edge ran off the window's left side.
      placement={mobile ? 'bottom' : 'bottomRight'}
      onOpenChange={setOpen}
    >
      {children}
    </Popover>
  );
}

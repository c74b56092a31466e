import { Suspense, useState } from 'react';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyPart, useFirstScreenComplete } from '../../components/after-first-screen.tsx';
import button from '../../components/plain-button.module.css';

// antd's Popover (with its Trigger and antd's form context) is not on the first screen: its code
// comes once the first screen is complete, or when the button is pressed before that.
const HelpPopoverPart = lazyPart(() =>
  import('./help-popover-part.tsx').then((m) => m.HelpPopoverPart),
);

/**
 * The help icon of the top bar: a popover with the support e-mail from /api/settings, asked for
 * once the page's first screen is complete or the popover is opened, whichever comes first.
 */
export function HelpPopover() {
  const { t } = useTranslation();
  const complete = useFirstScreenComplete();
  const [pressed, setPressed] = useState(false);

  const helpButton = (onClick?: () => void, focus = false) => (
    <button
      type="button"
      onClick={onClick}
      // Pressed before the popover's code came: this button replaces the one pressed, and keeps
      // the keyboard's place.
      autoFocus={focus}
      aria-label={t('shell.help')}
      data-testid="help-button"
      className={`${button.button} ${button.iconOnly} ${button.circle}`}
    >
      <QuestionCircleOutlined />
    </button>
  );
  const waiting = helpButton(() => setPressed(true));

  if (!complete && !pressed) return waiting;
  return (
    <Suspense fallback={waiting}>
      <HelpPopoverPart firstScreenComplete={complete} openAtOnce={pressed}>
        {helpButton(undefined, pressed)}
      </HelpPopoverPart>
    </Suspense>
  );
}

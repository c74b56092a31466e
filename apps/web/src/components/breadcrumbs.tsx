/**
 * A trail of links back up from a page, as antd's Breadcrumb draws it, in plain elements: it is
 * on a dashboard's first screen, and antd's brings its Dropdown and Menu with it. The last item
 * is the page itself.
 *
 *   <Breadcrumbs items={[{ key: 'home', title: <Link to="/home">Home</Link> }, { key: 'x', title: 'X' }]} />
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import css from './breadcrumbs.module.css';

export function Breadcrumbs({
  items,
  'data-testid': testId,
}: {
  items: { key: string; title: ReactNode }[];
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav
      className={css.breadcrumbs}
      aria-label={t('shell.breadcrumb')}
      data-testid={testId}
      data-print="hide"
    >
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={item.key}>
              <li
                className={last ? css.current : undefined}
                aria-current={last ? 'page' : undefined}
              >
                {item.title}
              </li>
              {!last && (
                <li className={css.separator} aria-hidden="true">
                  /
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}

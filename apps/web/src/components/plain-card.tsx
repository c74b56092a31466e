/**
 * antd's small bordered Card (`<Card size="small" title extra>`) drawn in plain elements, for a
 * card on a first screen: antd's brings its Tabs and their dependencies with it, ~25 KB before
 * the page can paint. The same boxes as antd's.
 */
import type { ReactNode } from 'react';
import css from './plain-card.module.css';

export function PlainCard({
  title,
  extra,
  className,
  children,
  'data-testid': testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={className ? `${css.card} ${className}` : css.card} data-testid={testId}>
      <div className={css.head}>
        <div className={css.headWrapper}>
          <div className={css.title}>{title}</div>
          {extra && <div className={css.extra}>{extra}</div>}
        </div>
      </div>
      <div className={css.body}>{children}</div>
    </div>
  );
}

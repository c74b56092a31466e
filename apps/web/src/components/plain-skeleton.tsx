/**
 * antd's active Skeleton, a small input's bar and a paragraph of rows, drawn with plain elements
 * (./plain-skeleton.module.css) for a first screen that holds a figure's place before antd's code
 * has come: the Spend Dashboard's counting card (issue #19). `data-skeleton` marks it loading, as
 * antd's class marks its own (the browser tests wait for neither).
 */
import css from './plain-skeleton.module.css';

export function SkeletonInput() {
  return (
    <span className={css.inputBox} data-skeleton>
      <span className={`${css.bar} ${css.input}`} />
    </span>
  );
}

export function SkeletonParagraph({ rows, className }: { rows: number; className?: string }) {
  return (
    <div className={`${css.paragraphBox}${className ? ` ${className}` : ''}`} data-skeleton>
      <ul className={css.paragraph}>
        {Array.from({ length: rows }, (_, row) => (
          <li key={row} className={css.bar} />
        ))}
      </ul>
    </div>
  );
}

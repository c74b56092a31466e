/**
 * A figure that opens the suppliers and payments behind it (`POST /api/drillDown/…`,
 * packages/shared/src/drill-down.ts): the amount is shown as it was, as a button; a click opens
 * a drawer listing the suppliers, why each counts, their payments on expanding a row, and the
 * same as a workbook. The drawer's code is a chunk of its own, loaded on the first click.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import css from './drill-down.module.css';

const DrillDownDrawer = lazy(() =>
  import('./drill-down-drawer.tsx').then((m) => ({ default: m.DrillDownDrawer })),
);

/** Which drill-down: its endpoint, its workbook and the request that names the figure. */
export interface DrillTarget {
  /** '/api/drillDown/verified' */
  path: string;
  /** '/api/excel/drillDown/verified' */
  excelPath: string;
  body: Record<string, unknown>;
}

export function DrillDownFigure({
  target,
  amount,
  children,
  'data-testid': testId,
}: {
  target: DrillTarget;
  /** The figure in words, for the button's title ('$1,234'). */
  amount: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={css.figure}
        title={t('drillDown.open', { amount })}
        aria-label={t('drillDown.open', { amount })}
        aria-haspopup="dialog"
        data-testid={testId}
        onClick={(event) => {
          // A figure inside a clickable row or card opens only its drill-down.
          event.stopPropagation();
          setOpened(true);
          setOpen(true);
        }}
      >
        {children}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <DrillDownDrawer target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

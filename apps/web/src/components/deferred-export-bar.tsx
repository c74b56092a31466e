/**
 * The export bar (./export-bar.tsx) with its code loaded after the first screen (issue #19, the
 * signed-in first load): its icons, the downloads and printing are not needed to paint a
 * dashboard's heading. Until the bar has come, the same buttons, hidden and inert, hold its place,
 * so that nothing in the heading moves when it comes. Printing (Print, or a print preparation)
 * loads it first.
 *
 *   <DeferredExportBar report={{ key: 'spend', body: { selectedIds } }} analysis={text} … />
 */
import { useTranslation } from 'react-i18next';
import { AfterFirstScreen, lazyPart } from './after-first-screen.tsx';
import type { ExportBarProps } from './export-bar.tsx';
import button from './plain-button.module.css';
import css from './deferred-export-bar.module.css';
// Ctrl+P prints with it before the bar has come, and it hides the analysis's printed copy.
import './print.css';

const ExportBar = lazyPart(() => import('./export-bar.tsx').then((m) => m.ExportBar));

export function DeferredExportBar(props: ExportBarProps) {
  return (
    <AfterFirstScreen
      load={ExportBar.load}
      placeholder={<ExportBarSpace hasExcel={!!props.onExcel} />}
    >
      <ExportBar {...props} />
    </AfterFirstScreen>
  );
}

/**
 * The bar's buttons as antd lays them out (a wrapping Space), with an icon's box for each icon:
 * plain buttons with antd's looks, so the first screen needs no antd Button.
 */
function ExportBarSpace({ hasExcel }: { hasExcel: boolean }) {
  const { t } = useTranslation();
  const labels = [
    t('exports.downloadPpt'),
    t('exports.downloadPdf'),
    ...(hasExcel ? [t('exports.downloadExcel')] : []),
    t('exports.print'),
  ];
  return (
    <div className={css.space} aria-hidden="true" inert data-export-ignore="true">
      {labels.map((label) => (
        <button
          key={label}
          type="button"
          tabIndex={-1}
          className={`${button.button} ${button.outlined}`}
        >
          <span className={`anticon ${css.icon}`} />
          <span>{label}</span>
        </button>
      ))}
    </div>
  );
}

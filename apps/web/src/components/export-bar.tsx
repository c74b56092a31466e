/**
 * Download PPT, Download PDF, Download Excel and Print for a dashboard (spec 01 point 2, DESIGN.md
 * §7). PPT and PDF send the captured dashboard (1600×900) with the analysis text to the server;
 * Excel is the module's own request (the server recomputes its figures); Print opens a 1280×720
 * window with the capture and calls print 250 ms after writing it.
 *
 *   const dashboard = useRef<HTMLDivElement>(null);
 *   <ExportBar target={dashboard} name="Spend Dashboard" analysis={analysis.text}
 *              onExcel={() => download('/api/excel/spend', { excel: true, spendData })} />
 *   <div ref={dashboard}>…charts…</div>
 */
import { useState, type RefObject } from 'react';
import { Button, Space } from 'antd';
import {
  FileExcelOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRINT_WINDOW } from '@spotzcity/shared/reports';
import { API_MESSAGES, ApiError, download } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';
import { captureElement } from './capture.ts';

type Action = 'ppt' | 'pdf' | 'excel' | 'print';

export interface ExportBarProps {
  /** The dashboard element to capture. */
  target: RefObject<HTMLElement | null>;
  /** Report title: file name and heading of the exports. */
  name: string;
  /** A line saying what the report covers (period, files, span). */
  subtitle?: string;
  analysis?: string;
  /** The module's Excel download; the button is hidden without it. */
  onExcel?: () => Promise<unknown>;
  excelDisabled?: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function ExportBar({
  target,
  name,
  subtitle,
  analysis,
  onExcel,
  excelDisabled,
}: ExportBarProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const [busy, setBusy] = useState<Action | null>(null);

  async function run(action: Action, work: () => Promise<unknown>) {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      const message =
        error instanceof ApiError && error.status !== 401
          ? error.message
          : API_MESSAGES.downloadFailed;
      alert.showError(message || API_MESSAGES.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  async function capture() {
    if (!target.current) throw new ApiError(0, API_MESSAGES.downloadFailed);
    return captureElement(target.current);
  }

  const slide = (type: 'ppt' | 'pdf') =>
    run(type, async () => {
      const image = await capture();
      await download(type === 'ppt' ? '/api/download' : '/api/download/pdf', {
        type,
        name,
        image,
        ...(analysis?.trim() ? { analysis } : {}),
        ...(subtitle ? { subtitle } : {}),
      });
    });

  const print = () =>
    run('print', async () => {
      const image = await capture();
      const win = window.open(
        '',
        'spotzcity-print',
        `width=${PRINT_WINDOW.width},height=${PRINT_WINDOW.height}`,
      );
      if (!win) throw new ApiError(0, API_MESSAGES.downloadFailed);
      win.document.write(
        `<!doctype html><html><head><title>${escapeHtml(name)}</title>` +
          '<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}img{width:100%}' +
          'p{white-space:pre-wrap}</style></head><body>' +
          `<h2>${escapeHtml(name)}</h2>${subtitle ? `<div>${escapeHtml(subtitle)}</div>` : ''}` +
          `<img src="${image}" alt="">` +
          (analysis?.trim() ? `<h3>Analysis</h3><p>${escapeHtml(analysis)}</p>` : '') +
          '</body></html>',
      );
      win.document.close();
      win.focus();
      setTimeout(() => win.print(), PRINT_WINDOW.delayMs);
    });

  return (
    <Space wrap data-export-ignore="true" data-testid="export-bar">
      <Button
        icon={<FilePptOutlined />}
        loading={busy === 'ppt'}
        disabled={busy !== null}
        onClick={() => slide('ppt')}
        data-testid="export-ppt"
      >
        {t('exports.downloadPpt')}
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        loading={busy === 'pdf'}
        disabled={busy !== null}
        onClick={() => slide('pdf')}
        data-testid="export-pdf"
      >
        {t('exports.downloadPdf')}
      </Button>
      {onExcel && (
        <Button
          icon={<FileExcelOutlined />}
          loading={busy === 'excel'}
          disabled={busy !== null || excelDisabled}
          onClick={() => run('excel', onExcel)}
          data-testid="export-excel"
        >
          {t('exports.downloadExcel')}
        </Button>
      )}
      <Button
        icon={<PrinterOutlined />}
        loading={busy === 'print'}
        disabled={busy !== null}
        onClick={print}
        data-testid="export-print"
      >
        {t('exports.print')}
      </Button>
    </Space>
  );
}

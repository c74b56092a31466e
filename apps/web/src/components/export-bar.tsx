/**
 * Download PPT, Download PDF, Download Excel and Print for a dashboard (DESIGN.md
 * §7). PPT and PDF are built on the server from the dashboard's own queries and filters
 * (`POST /api/report/<key>/pptx|pdf`) with the analysis text as it is on screen; Excel is the
 * module's own request (the server recomputes its figures); Print prints the page itself through
 * the print stylesheet, once every row of its lists is loaded.
 *
 *   <ExportBar report={{ key: 'spend', body: { selectedIds } }} analysis={analysis.text}
 *              onExcel={() => download('/api/excel/spend', { excel: true, spendData })} />
 */
import { useState } from 'react';
import { Button, Space } from 'antd';
import {
  FileExcelOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_MESSAGES, ApiError, download } from '../api/client.ts';
import { useAlert } from './alert-modal.tsx';
import { printDashboard } from './print.ts';
import './print.css';

type Action = 'ppt' | 'pdf' | 'excel' | 'print';

export interface ReportRequest {
  /** The dashboard's report: 'spend', 'supplier', 'category', 'rfx', 'contract', 'cost', 'market'. */
  key: string;
  /** Its filters, as the dashboard's own endpoints take them. */
  body: Record<string, unknown>;
}

export interface ExportBarProps {
  report: ReportRequest;
  analysis?: string;
  /** The module's Excel download; the button is hidden without it. */
  onExcel?: () => Promise<unknown>;
  excelDisabled?: boolean;
}

/** The reader's language decides the paper: Letter in the US, A4 elsewhere. */
const locale = () => (typeof navigator !== 'undefined' ? navigator.language : undefined);

export function ExportBar({ report, analysis, onExcel, excelDisabled }: ExportBarProps) {
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

  const built = (type: 'ppt' | 'pdf') =>
    run(type, () =>
      download(`/api/report/${report.key}/${type === 'ppt' ? 'pptx' : 'pdf'}`, {
        ...report.body,
        ...(locale() ? { locale: locale() } : {}),
        ...(analysis !== undefined ? { analysis } : {}),
      }),
    );

  return (
    <Space wrap data-export-ignore="true" data-testid="export-bar">
      <Button
        icon={<FilePptOutlined />}
        loading={busy === 'ppt'}
        disabled={busy !== null}
        onClick={() => built('ppt')}
        data-testid="export-ppt"
      >
        {t('exports.downloadPpt')}
      </Button>
      <Button
        icon={<FilePdfOutlined />}
        loading={busy === 'pdf'}
        disabled={busy !== null}
        onClick={() => built('pdf')}
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
        onClick={() => run('print', printDashboard)}
        data-testid="export-print"
      >
        {t('exports.print')}
      </Button>
    </Space>
  );
}

/**
 * The spend import dialog: sends the dropped file, then follows its import job step by
 * step — uploading, checking rows n of N, saving, building dashboards — each with its own bar,
 * and ends with the file saved or the reasons it was not (the first problems, all of them in a
 * workbook). Closing it does not stop the import: the files panel lists it until it ends.
 * Opened with a `file` it uploads it; opened with a `job` it follows that import.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  DownloadOutlined,
  FileExcelOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@spotzcity/shared/format';
import {
  CSV_DELIMITER_NAMES,
  CSV_ENCODING_NAMES,
  type ImportChoice,
  type ImportJob,
  type ImportJobDetail,
} from '@spotzcity/shared/spend-imports';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { decideImport } from '../api/decide-import.ts';
import { downloadImportErrors } from '../api/download-import-errors.ts';
import { ApiError } from '../../../api/client.ts';
import { isResting, useImportJob } from '../api/follow-import.ts';
import { spendKeys } from '../api/keys.ts';
import { uploadSpendFile } from '../api/upload-file.ts';
import { importSteps, type ImportStep } from '../import-steps.ts';
import { SPEND_HOME, withFiles } from '../selection.ts';
import { OverlapChoice } from './overlap-choice.tsx';
import css from '../supplier-spend.module.css';

export interface ImportDialogProps {
  /** A file to upload now, or the import to follow. */
  source: { file: File } | { job: ImportJob } | null;
  onClose: () => void;
}

/** A step's row takes its status's colour (a waiting step's name is greyed, as its icon). */
const STEP_CLASS: Record<ImportStep['status'], string> = {
  wait: css.importStepWait!,
  process: css.importStepProcess!,
  finish: css.importStepFinish!,
  error: css.importStepError!,
};

function StepIcon({ status }: { status: ImportStep['status'] }) {
  switch (status) {
    case 'finish':
      return <CheckCircleFilled className={`${css.importStepIcon} ${css.importStepFinish}`} />;
    case 'process':
      return <LoadingOutlined className={`${css.importStepIcon} ${css.importStepProcess}`} />;
    case 'error':
      return <CloseCircleFilled className={`${css.importStepIcon} ${css.importStepError}`} />;
    default:
      return <ClockCircleOutlined className={`${css.importStepIcon} ${css.importStepWait}`} />;
  }
}

function StepRow({ step, queued }: { step: ImportStep; queued: boolean }) {
  const { t } = useTranslation();
  const counts = step.counts;
  const detail =
    queued && step.key === 'checking'
      ? t('spend.import.queued')
      : counts && step.status !== 'wait'
        ? counts.total !== null && counts.total > 0
          ? t(`spend.import.countOf_${counts.unit}`, {
              done: counts.done.toLocaleString('en-US'),
              total: counts.total.toLocaleString('en-US'),
            })
          : t(`spend.import.count_${counts.unit}`, { done: counts.done.toLocaleString('en-US') })
        : '';
  return (
    <div
      className={STEP_CLASS[step.status]}
      data-testid={`import-step-${step.key}`}
      data-status={step.status}
    >
      <Flex align="center" gap={10}>
        <StepIcon status={step.status} />
        <Typography.Text strong={step.status === 'process'} className={css.importStepName}>
          {t(`spend.import.step.${step.key}`)}
        </Typography.Text>
        <Typography.Text type="secondary" className={css.importStepDetail}>
          {detail}
        </Typography.Text>
      </Flex>
      <Progress
        percent={step.percent ?? 0}
        size="small"
        status={
          step.status === 'error' ? 'exception' : step.status === 'finish' ? 'success' : 'normal'
        }
        showInfo={step.status !== 'wait'}
        aria-label={t(`spend.import.step.${step.key}`)}
        className={css.importStepBar}
        data-testid={`import-step-${step.key}-bar`}
        data-percent={step.percent ?? 0}
      />
    </div>
  );
}

export function ImportDialog({ source, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const file = source && 'file' in source ? source.file : null;
  // The panel gives each upload a dialog of its own (a key), so state starts afresh here.
  const [uploadPercent, setUploadPercent] = useState<number | null>(file ? 0 : null);
  const [started, setStarted] = useState<ImportJob | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const initial = source && 'job' in source ? source.job : started;
  const [round, setRound] = useState(0);
  const [deciding, setDeciding] = useState<ImportChoice | null>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const {
    job: followed,
    error: followError,
    replace: showState,
  } = useImportJob(initial?.id, initial, round);
  const job = followed ?? initial;
  const { features } = useCurrentUser();

  const decide = async (choice: ImportChoice) => {
    if (!job) return;
    setDeciding(choice);
    setDecisionError(null);
    try {
      const reply = await decideImport(job.id, choice);
      showState(reply.data);
      if (choice !== 'cancel') setRound((r) => r + 1);
      await queryClient.invalidateQueries({ queryKey: spendKeys.imports() });
    } catch (error) {
      setDecisionError(error instanceof Error ? error.message : String(error));
    } finally {
      setDeciding(null);
    }
  };

  useEffect(() => {
    if (!file) return;
    const abort = new AbortController();
    controller.current = abort;
    uploadSpendFile(file, setUploadPercent, abort.signal)
      .then((reply) => {
        setStarted(reply.data);
        // The files panel lists it from now on, whether or not this dialog stays open.
        void queryClient.invalidateQueries({ queryKey: spendKeys.imports() });
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setRefusal(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setUploadPercent(null));
    return () => abort.abort();
  }, [file, queryClient]);

  const uploading = uploadPercent !== null;
  const steps = importSteps(uploadPercent, job);
  const detail = job && 'errors' in job ? (job as ImportJobDetail) : undefined;
  const fileName = file?.name ?? job?.fileName ?? '';
  const running = job !== undefined && !isResting(job);

  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const downloadProblems = async (id: number) => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadImportErrors(id);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

  const footer = (
    <Flex justify="flex-end" gap={8} wrap>
      {job?.status === 'failed' && job.errorCount > 0 ? (
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={() => void downloadProblems(job.id)}
          data-testid="import-download-errors"
        >
          {t('spend.import.downloadProblems', { count: job.errorCount })}
        </Button>
      ) : null}
      {uploading ? (
        <Button
          onClick={() => {
            controller.current?.abort();
            onClose();
          }}
          data-testid="import-cancel-upload"
        >
          {t('spend.import.cancelUpload')}
        </Button>
      ) : null}
      {job?.status === 'done' && job.fileId !== null ? (
        <Button
          type="primary"
          onClick={() => {
            onClose();
            navigate(withFiles(`${SPEND_HOME}/table`, [job.fileId!]));
          }}
          data-testid="import-view-file"
        >
          {t('spend.import.viewFile')}
        </Button>
      ) : null}
      {!uploading ? (
        <Button onClick={onClose} data-testid="import-close">
          {running ? t('spend.import.closeWhileRunning') : t('spend.import.close')}
        </Button>
      ) : null}
    </Flex>
  );

  return (
    <Modal
      open={source !== null}
      title={t('spend.import.title')}
      onCancel={() => {
        if (uploading) controller.current?.abort();
        onClose();
      }}
      footer={footer}
      width={600}
      destroyOnHidden
      className="import-dialog"
    >
      <div data-testid="import-dialog" data-status={job?.status ?? (uploading ? 'uploading' : '')}>
        <Flex align="center" gap={10} className={css.importFile}>
          <FileExcelOutlined className={css.spendFileIcon} />
          <div className={css.importFileText}>
            <Typography.Text strong ellipsis={{ tooltip: fileName }} data-testid="import-file-name">
              {fileName}
            </Typography.Text>
            {file ? (
              <Typography.Text type="secondary" className={css.importFileSize}>
                {formatFileSize(file.size)}
              </Typography.Text>
            ) : null}
            {job?.source ? (
              <Typography.Text
                type="secondary"
                className={css.importFileSize}
                data-testid="import-file-source"
              >
                {t('spend.import.source', {
                  delimiter: CSV_DELIMITER_NAMES[job.source.delimiter],
                  encoding: CSV_ENCODING_NAMES[job.source.encoding],
                })}
              </Typography.Text>
            ) : null}
          </div>
        </Flex>

        {refusal ? (
          <Alert type="error" showIcon title={refusal} data-testid="import-refused" />
        ) : (
          <div className={css.importSteps}>
            {steps.map((step) => (
              <StepRow key={step.key} step={step} queued={job?.status === 'queued'} />
            ))}
          </div>
        )}

        {running ? (
          <Typography.Paragraph type="secondary" className={css.importHint}>
            {t('spend.import.closeHint')}
          </Typography.Paragraph>
        ) : null}

        {job?.status === 'held' && job.overlap ? (
          <OverlapChoice
            overlap={job.overlap}
            canReplace={features.supplierAndSpend.deleteFile}
            deciding={deciding}
            onDecide={(choice) => void decide(choice)}
          />
        ) : null}
        {decisionError ? (
          <Alert type="error" showIcon title={decisionError} data-testid="import-decision-error" />
        ) : null}
        {job?.status === 'cancelled' ? (
          <Alert type="info" showIcon title={job.message} data-testid="import-cancelled" />
        ) : null}

        {job?.status === 'done' ? (
          <Alert
            type="success"
            showIcon
            title={job.message ?? t('spend.import.done')}
            description={t('spend.import.doneDetail', {
              count: job.rowCount ?? 0,
              rows: (job.rowCount ?? 0).toLocaleString('en-US'),
            })}
            data-testid="import-done"
          />
        ) : null}

        {job?.status === 'failed' ? (
          <div className={css.importFailure} data-testid="import-failed">
            <Alert type="error" showIcon title={job.message} />
            {detail && detail.errors.length > 0 ? (
              <div className={css.importErrors}>
                <Typography.Text type="secondary">
                  {detail.errors.length < job.errorCount
                    ? t('spend.import.firstProblems', {
                        shown: detail.errors.length,
                        total: job.errorCount.toLocaleString('en-US'),
                      })
                    : t('spend.import.problems', { count: job.errorCount })}
                </Typography.Text>
                <ul className={css.importErrorList} data-testid="import-errors">
                  {detail.errors.map((e, i) => (
                    <li key={i}>
                      {/* A CSV file's rows are its lines; a line that is not CSV has no column. */}
                      {t(
                        job.source
                          ? e.column
                            ? 'spend.import.lineProblem'
                            : 'spend.import.lineOnlyProblem'
                          : 'spend.rowProblem',
                        { row: e.row, column: e.column, message: e.message },
                      )}
                      {e.value !== undefined ? (
                        <Typography.Text type="secondary" className={css.importErrorValue}>
                          {' '}
                          {t('spend.import.cellValue', { value: e.value })}
                        </Typography.Text>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}

        {downloadError ? (
          <Alert type="error" showIcon title={downloadError} data-testid="import-download-error" />
        ) : null}
        {followError && !job ? <Alert type="error" showIcon title={followError.message} /> : null}
        {followError instanceof ApiError && job && !isResting(job) ? (
          <Alert type="warning" showIcon title={followError.message} />
        ) : null}
      </div>
    </Modal>
  );
}

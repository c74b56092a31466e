/**
 * Above the files: the imports still running, waiting for a choice, or failed, so
 * that leaving the dialog or the page loses nothing. A running one shows its step and bar; a
 * failed one its reason, its problems (in the dialog) and Dismiss.
 */
import { useEffect, useRef } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { CloseCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportJob } from '@spotzcity/shared/spend-imports';
import { useAlert } from '../../../components/alert-modal.tsx';
import { useDismissImport } from '../api/dismiss-import.ts';
import { spendKeys } from '../api/keys.ts';
import { importsQuery } from '../api/list-imports.ts';
import { importSteps } from '../import-steps.ts';
import css from '../supplier-spend.module.css';

interface ImportsListProps {
  canAct: boolean;
  onOpen: (job: ImportJob) => void;
}

function ImportLine({ job, canAct, onOpen }: { job: ImportJob } & ImportsListProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const dismiss = useDismissImport();
  const running = job.status === 'queued' || job.status === 'running';
  const step = importSteps(null, job).find((s) => s.status === 'process' || s.status === 'error');
  const text =
    job.status === 'queued'
      ? t('spend.import.queued')
      : running && step
        ? t(`spend.import.step.${step.key}`)
        : job.status === 'held'
          ? t('spend.import.heldShort')
          : (job.message ?? '');

  return (
    <div
      className={[
        css.importLine,
        job.status === 'failed' && css.importLineFailed,
        job.status === 'held' && css.importLineHeld,
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="import-line"
      data-status={job.status}
    >
      <Flex align="center" gap={10}>
        {running ? (
          <LoadingOutlined className={css.importLineIcon} />
        ) : job.status === 'held' ? (
          <ExclamationCircleFilled className={`${css.importLineIcon} ${css.importLineIconHeld}`} />
        ) : (
          <CloseCircleFilled className={`${css.importLineIcon} ${css.importLineIconFailed}`} />
        )}
        <div className={css.importLineText}>
          <Typography.Text strong ellipsis={{ tooltip: job.fileName }}>
            {job.fileName}
          </Typography.Text>
          <Typography.Text
            type={job.status === 'failed' ? 'danger' : 'secondary'}
            className={css.importLineStatus}
            data-testid="import-line-status"
          >
            {text}
          </Typography.Text>
        </div>
        <Button size="small" onClick={() => onOpen(job)} data-testid="import-line-open">
          {job.status === 'held' ? t('spend.import.decide') : t('spend.import.details')}
        </Button>
        {canAct && !running && job.status !== 'held' ? (
          <Button
            size="small"
            type="text"
            onClick={() =>
              dismiss.mutateAsync(job.id).catch((error: unknown) => {
                alert.showError((error as Error).message);
              })
            }
            loading={dismiss.isPending}
            data-testid="import-line-dismiss"
          >
            {t('spend.import.dismiss')}
          </Button>
        ) : null}
      </Flex>
      {running ? (
        <Progress
          percent={step?.percent ?? 0}
          size="small"
          showInfo={false}
          aria-label={job.fileName}
          className={css.importLineBar}
        />
      ) : null}
    </div>
  );
}

export function ImportsList({ canAct, onOpen }: ImportsListProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: jobs = [] } = useQuery(importsQuery());
  // An import that stops running (saved, failed, held) changes the files and every figure.
  const running = useRef(new Set<number>());
  useEffect(() => {
    const now = new Set(
      jobs.filter((j) => j.status === 'queued' || j.status === 'running').map((j) => j.id),
    );
    const ended = [...running.current].some((id) => !now.has(id));
    running.current = now;
    if (ended) void queryClient.invalidateQueries({ queryKey: spendKeys.all });
  }, [jobs, queryClient]);

  if (jobs.length === 0) return null;
  return (
    <section
      className={css.importsList}
      aria-label={t('spend.import.listTitle')}
      data-testid="imports-list"
    >
      <Typography.Text type="secondary" className={css.importsListTitle}>
        {t('spend.import.listTitle')}
      </Typography.Text>
      {jobs.map((job) => (
        <ImportLine key={job.id} job={job} canAct={canAct} onOpen={onOpen} />
      ))}
    </section>
  );
}

/**
 * /home/supplierSpend/report/goals: the Goals Dashboard of the selected files, a chunk
 * of its own (its year select and tables are not needed by the other dashboards' first screens).
 */
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GOALS_TITLE, fiscalYearLabel } from '@spotzcity/shared/goals';
import { reportKey } from '@spotzcity/shared/report-words';
import { goalYearsQuery } from '../../../api/goal-years.ts';
import { AnalysisBox } from '../../../components/analysis-box.tsx';
import { ExportBar } from '../../../components/export-bar.tsx';
import { useAnalysis } from '../../../components/use-analysis.ts';
import { downloadGoalsExcel, goalsGraphQuery } from '../api/goals.ts';
import { GOALS_SETTINGS_PATH, GoalsDashboard } from './goals-dashboard.tsx';
import { CountingRuleSwitch } from './counting-rule-switch.tsx';
import { Frame, useFileIds } from './report-frame.tsx';
import { useCountingRule } from './use-counting-rule.ts';
import css from '../spend-dashboards.module.css';

/** The Goals Dashboard: a fiscal year (`?year=`, today's by default) of the selected files. */
export function GoalsView() {
  const { t } = useTranslation();
  const fileIds = useFileIds();
  const [params, setParams] = useSearchParams();
  const years = useQuery(goalYearsQuery());
  const fiscalYear = Number(params.get('year')) || years.data?.current || null;
  const [rule, setRule] = useCountingRule();
  const figures = useQuery({
    ...goalsGraphQuery(fileIds, fiscalYear, rule),
    enabled: fiscalYear !== null,
  });
  const start = figures.data?.fiscalYearStartMonth ?? 1;
  const analysis = useAnalysis(reportKey('goals', { files: fileIds, year: fiscalYear ?? '' }));
  const options = [
    ...new Set([
      ...(years.data?.years ?? []),
      ...(years.data ? [years.data.current, years.data.current - 1, years.data.current - 2] : []),
      ...(fiscalYear ? [fiscalYear] : []),
    ]),
  ]
    .sort((a, b) => b - a)
    .map((y) => ({ value: y, label: fiscalYearLabel(y, start) }));
  return (
    <Frame
      fileIds={fileIds}
      title={GOALS_TITLE}
      actions={
        <div className={css.goalsActions}>
          <Select
            aria-label={t('goals.fiscalYear')}
            data-testid="goals-year"
            value={fiscalYear ?? undefined}
            options={options}
            onChange={(y: number) => {
              const next = new URLSearchParams(params);
              next.set('year', String(y));
              setParams(next, { replace: true });
            }}
            style={{ minWidth: 220 }}
          />
          <Link
            to={`${GOALS_SETTINGS_PATH}${fiscalYear ? `?year=${fiscalYear}` : ''}`}
            data-testid="goals-settings-link"
          >
            {t('goals.open')}
          </Link>
          <CountingRuleSwitch value={rule} onChange={setRule} data-testid="goals-counting-rule" />
          <ExportBar
            report={{
              key: 'goals',
              body: {
                selectedIds: fileIds,
                ...(fiscalYear ? { fiscalYear } : {}),
                countingRule: rule,
              },
            }}
            analysis={analysis.text}
            onExcel={() => downloadGoalsExcel(fileIds, fiscalYear, analysis.text, rule)}
          />
        </div>
      }
    >
      <div className={css.dashboardCapture} data-testid="dashboard-goals">
        {fiscalYear !== null && (
          <GoalsDashboard fileIds={fileIds} fiscalYear={fiscalYear} countingRule={rule} />
        )}
      </div>
      <div className={css.dashboardAnalysisBelow}>
        <AnalysisBox title={t('goals.analysis')} analysis={analysis} />
      </div>
    </Frame>
  );
}

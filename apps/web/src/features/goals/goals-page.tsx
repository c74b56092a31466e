/**
 * /home/supplierSpend/goals: the organisation's settings for its figures (fiscal-year start,
 * non-addressable categories) and its diverse-spend goals per fiscal year, with the history of
 * both. A Buyer Admin changes them; everyone else who sees the spend reads them.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Timeline,
  Typography,
  type SelectProps,
} from 'antd';
import { DeleteOutlined, FundOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  GOAL_DIVERSITY_TYPES,
  MONTH_NAMES,
  categoryKey,
  fiscalYearLabel,
  goalsSaveSchema,
  settingsSaveSchema,
  type GoalHistoryItem,
  type YearGoals,
} from '@spotzcity/shared/goals';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatMoment } from '@spotzcity/shared/format';
import { useCurrentUser } from '../../api/get-profile.ts';
import { goalYearsQuery } from '../../api/goal-years.ts';
import { SubmitButton } from '../../components/form-footer.tsx';
import { useSaveResult, zodFieldRule } from '../../components/form-rules.ts';
import { goalHistoryQuery, useSaveGoals, yearGoalsQuery } from './api/goals.ts';
import { programCategoriesQuery } from './api/program-categories.ts';
import { settingsQuery, useSaveSettings } from './api/settings.ts';
import css from './goals-page.module.css';

const DASHBOARD = '/home/supplierSpend/report/goals';

interface SettingsValues {
  fiscalYearStartMonth: number;
  nonAddressableCategories: string[];
}

function SettingsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery());
  const [form] = Form.useForm<SettingsValues>();
  const save = useSaveSettings();
  const result = useSaveResult(form, () => {});
  const goalYears = useQuery(goalYearsQuery());
  const chosenStart = Form.useWatch('fiscalYearStartMonth', form);
  const savedStart = settings.data?.fiscalYearStartMonth;
  // Goals are kept by fiscal year: another start month moves each year's goals to other months.
  const moved =
    canEdit && savedStart !== undefined && chosenStart !== undefined && chosenStart !== savedStart
      ? [...(goalYears.data?.years ?? [])].sort((a, b) => a - b)
      : [];
  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue({
        fiscalYearStartMonth: settings.data.fiscalYearStartMonth,
        nonAddressableCategories: settings.data.nonAddressableCategories,
      });
    }
  }, [settings.data, form]);
  return (
    <Card title={t('goals.settings')} size="small" data-testid="goals-settings">
      {settings.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          disabled={!canEdit}
          onFinish={(values) => save.mutate(values, result)}
        >
          <Form.Item
            name="fiscalYearStartMonth"
            label={t('goals.fiscalStart')}
            extra={t('goals.fiscalStartHelp')}
            rules={[zodFieldRule(settingsSaveSchema, 'fiscalYearStartMonth')]}
          >
            <Select
              data-testid="fiscal-start"
              options={MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }))}
            />
          </Form.Item>
          {moved.length > 0 && savedStart !== undefined && (
            <Alert
              type="warning"
              showIcon
              className={css.note}
              data-testid="fiscal-start-moves"
              title={t('goals.fiscalStartMoves', { count: moved.length })}
              description={
                <ul className={css.moves}>
                  {moved.map((y) => (
                    <li key={y}>
                      {t('goals.fiscalStartMove', {
                        from: fiscalYearLabel(y, savedStart),
                        to: fiscalYearLabel(y, chosenStart),
                      })}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Form.Item
            name="nonAddressableCategories"
            label={t('goals.nonAddressableCategories')}
            extra={t('goals.nonAddressableHelp')}
          >
            <Select
              mode="tags"
              data-testid="non-addressable"
              placeholder={t('goals.nonAddressablePlaceholder')}
              options={(settings.data?.categories ?? []).map((c) => ({ value: c, label: c }))}
              tokenSeparators={[',']}
            />
          </Form.Item>
          {canEdit && (
            <SubmitButton saving={save.isPending} data-testid="save-settings">
              {t('goals.saveSettings')}
            </SubmitButton>
          )}
        </Form>
      )}
    </Card>
  );
}

/** One list of targets (per diversity type or per category): a choice and a percent a line. */
function TargetList({
  name,
  field: key,
  canEdit,
  defaultTarget,
  addLabel,
  addTestId,
  select,
}: {
  name: 'diversity' | 'categories' | 'programs';
  field: 'diversity' | 'category' | 'categoryId';
  canEdit: boolean;
  defaultTarget: number;
  addLabel: string;
  addTestId?: string;
  select: SelectProps;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className={css.list}>
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap className={css.line}>
              <Form.Item name={[field.name, key]} rules={[{ required: true, message: 'Required' }]}>
                <Select {...select} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'target']}
                rules={[{ required: true, message: 'Required' }]}
              >
                <InputNumber min={0} max={100} precision={2} suffix="%" />
              </Form.Item>
              {canEdit && (
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('goals.remove')}
                  onClick={() => remove(field.name)}
                />
              )}
            </Space>
          ))}
          {canEdit && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ target: defaultTarget })}
              data-testid={addTestId}
            >
              {addLabel}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}

interface GoalValues {
  overall: number | null;
  diversity: { diversity: string; target: number }[];
  categories: { category: string; target: number }[];
  programs: { categoryId: number; target: number }[];
}

function GoalsCard({
  canEdit,
  year,
  onYear,
}: {
  canEdit: boolean;
  year: number;
  onYear: (year: number) => void;
}) {
  const { t } = useTranslation();
  const settings = useQuery(settingsQuery());
  const years = useQuery(goalYearsQuery());
  const goals = useQuery(yearGoalsQuery(year));
  const programs = useQuery(programCategoriesQuery());
  const [form] = Form.useForm<GoalValues>();
  const save = useSaveGoals();
  const result = useSaveResult(form, () => {});
  const start = settings.data?.fiscalYearStartMonth ?? 1;

  useEffect(() => {
    if (goals.data) form.setFieldsValue(valuesOf(goals.data));
  }, [goals.data, form]);

  const yearOptions = (() => {
    const current = years.data?.current ?? new Date().getFullYear();
    const all = new Set([
      ...(years.data?.years ?? []),
      current - 2,
      current - 1,
      current,
      current + 1,
    ]);
    return [...all]
      .sort((a, b) => b - a)
      .map((y) => ({ value: y, label: fiscalYearLabel(y, start) }));
  })();

  const excluded = new Set((settings.data?.nonAddressableCategories ?? []).map(categoryKey));
  const categoryOptions = (settings.data?.categories ?? [])
    .filter((c) => !excluded.has(categoryKey(c)))
    .map((c) => ({ value: c, label: c }));

  return (
    <Card
      title={t('goals.goalsFor')}
      extra={
        <Link to={`${DASHBOARD}?year=${year}`} data-testid="open-goals-dashboard">
          <FundOutlined /> {t('goals.dashboard')}
        </Link>
      }
      size="small"
      data-testid="goals-form"
    >
      <div className={css.year}>
        <Typography.Text>{t('goals.fiscalYear')}</Typography.Text>
        <Select
          data-testid="goal-year"
          aria-label={t('goals.fiscalYear')}
          value={year}
          onChange={onYear}
          options={yearOptions}
          style={{ minWidth: 230 }}
        />
      </div>
      {goals.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          disabled={!canEdit}
          onFinish={(values) =>
            save.mutate(
              {
                fiscalYear: year,
                overall: values.overall ?? null,
                diversity: values.diversity ?? [],
                categories: values.categories ?? [],
                programs: values.programs ?? [],
              } as Parameters<typeof save.mutate>[0],
              result,
            )
          }
        >
          <Form.Item
            name="overall"
            label={t('goals.overall')}
            extra={t('goals.overallHelp')}
            rules={[zodFieldRule(goalsSaveSchema, 'overall')]}
          >
            <InputNumber
              data-testid="goal-overall"
              min={0}
              max={100}
              step={0.5}
              precision={2}
              suffix="%"
              style={{ width: 160 }}
            />
          </Form.Item>
          <Typography.Text strong>{t('goals.perType')}</Typography.Text>
          <TargetList
            name="diversity"
            field="diversity"
            canEdit={canEdit}
            defaultTarget={5}
            addLabel={t('goals.addType')}
            addTestId="add-type"
            select={{
              placeholder: t('goals.diversityType'),
              style: { width: 160 },
              options: GOAL_DIVERSITY_TYPES.map((d) => ({ value: d, label: diversityLabel(d) })),
            }}
          />
          <Typography.Text strong>{t('goals.perCategory')}</Typography.Text>
          <Typography.Paragraph type="secondary" className={css.help}>
            {t('goals.perCategoryHelp')}
          </Typography.Paragraph>
          <TargetList
            name="categories"
            field="category"
            canEdit={canEdit}
            defaultTarget={10}
            addLabel={t('goals.addCategory')}
            select={{
              showSearch: true,
              placeholder: t('goals.category'),
              style: { width: 'min(220px, calc(100vw - 230px))' },
              options: categoryOptions,
            }}
          />
          <Typography.Text strong>{t('goals.perProgram')}</Typography.Text>
          <Typography.Paragraph type="secondary" className="goal-help">
            {t('goals.perProgramHelp')}
          </Typography.Paragraph>
          <TargetList
            name="programs"
            field="categoryId"
            canEdit={canEdit}
            defaultTarget={10}
            addLabel={t('goals.addProgram')}
            addTestId="add-program"
            select={{
              placeholder: t('programs.category'),
              style: { width: 'min(220px, calc(100vw - 230px))' },
              options: (programs.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            }}
          />
          {goals.data?.updatedAt && (
            <Typography.Paragraph type="secondary">
              {t('goals.lastChanged', {
                when: formatMoment(goals.data.updatedAt),
                who: goals.data.updatedBy ?? '',
              })}
            </Typography.Paragraph>
          )}
          {canEdit && (
            <SubmitButton saving={save.isPending} data-testid="save-goals">
              {t('goals.saveGoals')}
            </SubmitButton>
          )}
        </Form>
      )}
    </Card>
  );
}

function valuesOf(goals: YearGoals): GoalValues {
  return {
    overall: goals.overall,
    diversity: goals.diversity,
    categories: goals.categories,
    programs: goals.programs ?? [],
  };
}

/** A value of the history as the screens show it: a month by name, a target with its percent. */
function describe(key: string, value: unknown, names: (id: string) => string): string {
  if (value === null || value === undefined) return '—';
  if (key === 'fiscalYearStartMonth' && typeof value === 'number') {
    return MONTH_NAMES[value - 1] ?? String(value);
  }
  if (key === 'overall' && typeof value === 'number') return `${value}%`;
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const name = (k: string) =>
      key === 'programs' ? names(k) : key === 'diversity' ? diversityLabel(k) : k;
    return entries.length ? entries.map(([k, v]) => `${name(k)} ${String(v)}%`).join(', ') : '—';
  }
  return String(value);
}

const HISTORY_FIELDS = [
  'fiscalYearStartMonth',
  'nonAddressableCategories',
  'overall',
  'diversity',
  'categories',
  'programs',
] as const;
const isHistoryField = (key: string): key is (typeof HISTORY_FIELDS)[number] =>
  (HISTORY_FIELDS as readonly string[]).includes(key);

function HistoryCard() {
  const { t } = useTranslation();
  const history = useQuery(goalHistoryQuery());
  const programs = useQuery(programCategoriesQuery());
  const programName = (id: string) =>
    programs.data?.find((c) => String(c.id) === id)?.name ?? `#${id}`;
  const line = (item: GoalHistoryItem) => {
    const keys = [
      ...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})]),
    ].filter((k) => k !== 'fiscalYear');
    const year = item.entity === 'goals' ? item.entityId : undefined;
    return (
      <div>
        <Typography.Text strong>
          {t(`goals.historyEntity.${item.entity}`)}
          {year ? ` FY${year}` : ''}
        </Typography.Text>{' '}
        <Typography.Text type="secondary">
          {formatMoment(item.at)} · {item.actorName}
        </Typography.Text>
        {keys.map((k) => (
          <div key={k} className={css.historyChange}>
            {isHistoryField(k) ? t(`goals.historyFields.${k}`) : k}:{' '}
            <s>{describe(k, item.before?.[k], programName)}</s> →{' '}
            {describe(k, item.after?.[k], programName)}
          </div>
        ))}
      </div>
    );
  };
  return (
    <Card title={t('goals.history')} size="small" data-testid="goals-history">
      {history.isPending ? (
        <Skeleton active />
      ) : (history.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goals.noHistory')} />
      ) : (
        <Timeline
          items={(history.data ?? []).map((item) => ({ key: item.id, children: line(item) }))}
        />
      )}
    </Card>
  );
}

export default function GoalsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canEdit = user.permissions.includes('BUYER_ORG_USER_MANAGEMENT');
  const years = useQuery(goalYearsQuery());
  const [params, setParams] = useSearchParams();
  const [year, setYear] = useState<number | null>(null);
  const chosen = year ?? (Number(params.get('year')) || years.data?.current || null);
  return (
    <div className="page goals-page" data-testid="goals-page">
      <header className="page-header">
        <Typography.Title level={3} className="page-title">
          {t('goals.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('goals.subtitle')}</Typography.Text>
        <div>
          <Link to="/home/supplierSpend/programs" data-testid="open-programs">
            {t('programs.open')}
          </Link>
          {canEdit && (
            <>
              {' · '}
              <Link to="/home/supplierSpend/apiTokens" data-testid="open-api-tokens">
                {t('apiTokens.open')}
              </Link>
            </>
          )}
        </div>
      </header>
      {!canEdit && <Alert type="info" showIcon title={t('goals.readOnly')} className={css.note} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <SettingsCard canEdit={canEdit} />
            <HistoryCard />
          </Space>
        </Col>
        <Col xs={24} xl={14}>
          {chosen === null ? (
            <Skeleton active />
          ) : (
            <GoalsCard
              canEdit={canEdit}
              year={chosen}
              onYear={(y) => {
                setYear(y);
                setParams({ year: String(y) }, { replace: true });
              }}
            />
          )}
        </Col>
      </Row>
    </div>
  );
}

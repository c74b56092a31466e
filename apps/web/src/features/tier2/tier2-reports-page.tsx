/**
 * /home/tier2Reports — a prime supplier's Tier 2 reports: the buyers' requests to
 * accept or decline, then the buyers it accepted, each with its quarters, and per quarter a form
 * (or the template upload) for direct spend, revenue and the prime's diverse spend, with the
 * indirect allocation computed as it is typed. Each buyer sees only the report made to it, and
 * nothing before the request is accepted.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import {
  TIER2_BREAKDOWN_LABELS,
  TIER2_MAX_AMOUNT,
  TIER2_MESSAGES,
  allocateIndirect,
  quarterLabel,
  revenueSharePercent,
  segmentLabel,
  tier2DiversityOptions,
  tier2ReportInputSchema,
  type Quarter,
  type Tier2Buyer,
  type Tier2Report,
  type Tier2Request,
} from '@spotzcity/shared/tier2';
import { TIER2_PRIME_TITLE } from '@spotzcity/shared/tier2-words';
import { MESSAGES, requiredAmount } from '@spotzcity/shared/validation';
import { useAlert } from '../../components/alert-modal.tsx';
import { fieldPath, useRevalidateInvalid, zodRule } from '../../components/form-rules.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { TemplateLink } from '../../components/template-link.tsx';
import { UploadDialog } from '../../components/upload-dialog.tsx';
import { ApiError } from '../../api/client.ts';
import { QuarterTag } from './components/quarter-tag.tsx';
import { ReportView } from './components/report-view.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import {
  buyersQuery,
  reportQuery,
  requestsQuery,
  templatePath,
  uploadPath,
  useAnswerRequest,
  useSaveReport,
  tier2Keys,
} from './api/tier2.ts';
import { useQueryClient } from '@tanstack/react-query';
import css from './tier2.module.css';

const amountRule = zodRule(requiredAmount(TIER2_MAX_AMOUNT));
const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);

interface Line {
  diversity?: string;
  segment?: string;
  amount?: number | string | null;
}

interface FormValues {
  totalRevenue: number | string | null;
  buyerRevenue: number | string | null;
  direct: Line[];
  primeDiverse: Line[];
}

type ListName = 'direct' | 'primeDiverse';

/** A line nothing was typed in: left out of the report, as if it had been removed. */
const isBlankLine = (line: Line | undefined) =>
  !line?.diversity &&
  !line?.segment &&
  (line?.amount === undefined || line.amount === null || line.amount === '');

/**
 * A rule of one field of a report line, checked only once something is typed on the line: an
 * empty line (the one the form starts with, or one added and not used) is not an error.
 */
const lineRule =
  (list: ListName, index: number, check: (value: unknown) => string | undefined): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (isBlankLine(getFieldValue([list, index]) as Line | undefined)) return;
      const message = check(value);
      if (message) throw new Error(message);
    },
  });

const amountMessage = (value: unknown) => {
  const result = requiredAmount(TIER2_MAX_AMOUNT).safeParse(value ?? '');
  return result.success ? undefined : result.error.issues[0]?.message;
};

/**
 * Revenue from the buyer within total revenue, on the field itself, as the server refuses it:
 * a larger figure would be a revenue share above 100%.
 */
const buyerRevenueRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const total = num(getFieldValue('totalRevenue'));
    if (total > 0 && num(value) > total) throw new Error(TIER2_MESSAGES.buyerRevenueTooLarge);
  },
});

/** A form path ['direct', 1, 'amount'] in the words of the form: 'Direct line 2, Amount'. */
function fieldName(path: readonly (string | number)[], buyerName: string, per: string) {
  const [root, index, leaf] = path;
  if (root === 'totalRevenue') return 'Total revenue';
  if (root === 'buyerRevenue') return `Revenue from ${buyerName}`;
  const list = root === 'direct' ? 'Direct line' : 'Diverse spend line';
  if (typeof index !== 'number') return root === 'direct' ? 'Direct lines' : 'Diverse spend lines';
  const leafName =
    leaf === 'diversity'
      ? 'Diversity'
      : leaf === 'segment'
        ? per
        : leaf === 'amount'
          ? 'Amount'
          : undefined;
  return `${list} ${index + 1}${leafName ? `, ${leafName}` : ''}`;
}

/**
 * Shows problems where they belong: each on its field in the form, and all of them in the alert,
 * named as the form names the field (a duplicate line has no one field to sit on).
 */
function showProblems(
  form: FormInstance<FormValues>,
  alert: ReturnType<typeof useAlert>,
  message: string,
  problems: { path: (string | number)[]; message: string }[],
  words: { buyerName: string; per: string },
) {
  form.setFields(problems.map((p) => ({ name: p.path as never, errors: [p.message] })));
  alert.showError(message, {
    details: problems.map((p) => `${fieldName(p.path, words.buyerName, words.per)}: ${p.message}`),
  });
}

const valuesOf = (r: Tier2Report | undefined): FormValues =>
  r?.submitted
    ? {
        totalRevenue: Number(r.totalRevenue),
        buyerRevenue: Number(r.buyerRevenue),
        direct: r.direct.map((d) => ({
          diversity: d.diversity,
          segment: d.segment,
          amount: Number(d.amount),
        })),
        primeDiverse: r.allocation.map((a) => ({
          diversity: a.diversity,
          amount: Number(a.primeDiverseSpend),
        })),
      }
    : { totalRevenue: null, buyerRevenue: null, direct: [{}], primeDiverse: [{}] };

/** What the allocation will be, from the form's values (the server computes the saved one). */
function AllocationPreview({ values }: { values: FormValues }) {
  const total = num(values.totalRevenue);
  const fromBuyer = num(values.buyerRevenue);
  if (!(total > 0) || !(fromBuyer >= 0)) {
    return (
      <Typography.Paragraph type="secondary">
        Enter total revenue and revenue from this buyer to see the allocation.
      </Typography.Paragraph>
    );
  }
  if (fromBuyer > total) {
    // The server refuses it; a share above 100% would only mislead until then.
    return (
      <Typography.Paragraph type="danger" data-testid="tier2-allocation-preview">
        {TIER2_MESSAGES.buyerRevenueTooLarge}
      </Typography.Paragraph>
    );
  }
  const rows = (values.primeDiverse ?? [])
    .filter((l) => l?.diversity && num(l.amount) >= 0)
    .map((l) => ({
      diversity: l.diversity!,
      spend: num(l.amount),
      indirect: allocateIndirect(fromBuyer, total, num(l.amount)),
    }));
  return (
    <div data-testid="tier2-allocation-preview">
      <Typography.Paragraph>
        Revenue share: <strong>{revenueSharePercent(fromBuyer, total).toFixed(2)}%</strong> — each
        type's indirect spend is your diverse spend of that type × this share.
      </Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="diversity"
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Diversity', dataIndex: 'diversity', render: (v: string) => diversityLabel(v) },
          { title: 'Your diverse spend', dataIndex: 'spend', align: 'right', render: formatMoney },
          { title: 'Allocated', dataIndex: 'indirect', align: 'right', render: formatMoney },
        ]}
      />
    </div>
  );
}

/**
 * A list of report lines: diversity type, (for direct lines the buyer asks per project or cost
 * centre) one of the buyer's names, amount — with a button to add and one per line to remove.
 */
function LinesList({
  name,
  addLabel,
  segment,
}: {
  name: 'direct' | 'primeDiverse';
  addLabel: string;
  segment?: { label: string; names: string[] } | undefined;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <div className={css.tier2Line} key={field.key}>
              <Form.Item
                name={[field.name, 'diversity']}
                label="Diversity"
                rules={[lineRule(name, field.name, (v) => (v ? undefined : MESSAGES.required))]}
              >
                <Select
                  options={tier2DiversityOptions()}
                  className={css.tier2Type}
                  data-testid={`tier2-${name}-diversity-${field.name}`}
                />
              </Form.Item>
              {segment && (
                <Form.Item
                  name={[field.name, 'segment']}
                  label={segment.label}
                  rules={[
                    lineRule(name, field.name, (v) =>
                      v ? undefined : TIER2_MESSAGES.segmentRequired(segment.label),
                    ),
                  ]}
                >
                  <Select
                    options={segment.names.map((n) => ({ value: n, label: n }))}
                    data-testid="tier2-segment"
                  />
                </Form.Item>
              )}
              <Form.Item
                name={[field.name, 'amount']}
                label="Amount"
                rules={[lineRule(name, field.name, amountMessage)]}
              >
                <MoneyInput data-testid={`tier2-${name}-amount-${field.name}`} />
              </Form.Item>
              <Button
                aria-label="Remove line"
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({})}>
            {addLabel}
          </Button>
        </>
      )}
    </Form.List>
  );
}

function ReportEditor({ buyer, quarter }: { buyer: Tier2Buyer; quarter: Quarter }) {
  const [form] = Form.useForm<FormValues>();
  const report = useQuery(reportQuery('prime', buyer.primeId, quarter));
  const save = useSaveReport(buyer.primeId);
  const alert = useAlert();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState(false);
  const values = Form.useWatch([], form) as FormValues | undefined;
  const per = segmentLabel(buyer.breakdown);

  useEffect(() => {
    if (report.data) form.setFieldsValue(valuesOf(report.data));
  }, [report.data, form]);

  const revalidate = useRevalidateInvalid(form);
  const words = { buyerName: buyer.buyerName, per };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return; // each field shows its own message
    }
    const raw = form.getFieldsValue(true) as FormValues;
    // Blank lines are left out; the lines kept remember their place in the form, so that a
    // problem found in the report is shown on the line the user sees.
    const kept = (lines: Line[] | undefined) =>
      (lines ?? []).map((line, at) => ({ line, at })).filter(({ line }) => !isBlankLine(line));
    const direct = kept(raw.direct);
    const primeDiverse = kept(raw.primeDiverse);
    const formPath = (path: readonly PropertyKey[]): (string | number)[] => {
      const [root, index, ...rest] = path;
      const lines = root === 'direct' ? direct : root === 'primeDiverse' ? primeDiverse : null;
      const at = lines && typeof index === 'number' ? lines[index]?.at : undefined;
      return at === undefined
        ? path.map((p) => (typeof p === 'number' ? p : String(p)))
        : [String(root), at, ...rest.map((p) => (typeof p === 'number' ? p : String(p)))];
    };
    const parsed = tier2ReportInputSchema.safeParse({
      ...quarter,
      totalRevenue: raw.totalRevenue,
      buyerRevenue: raw.buyerRevenue,
      direct: direct.map(({ line }) => line),
      primeDiverse: primeDiverse.map(({ line }) => line),
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => ({
        path: formPath(i.path),
        message: i.message,
      }));
      showProblems(form, alert, problems[0]?.message ?? MESSAGES.required, problems, words);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (reply) => {
        alert.showSuccess(reply.message);
        setEditing(false);
      },
      onError: (error) => {
        const problems =
          error instanceof ApiError
            ? error.fieldErrors.map((e) => ({
                path: formPath(fieldPath(e.field)),
                message: e.message,
              }))
            : [];
        if (problems.length) showProblems(form, alert, error.message, problems, words);
        else alert.showError(error.message);
      },
    });
  };

  const showForm = editing || (report.data !== undefined && !report.data.submitted);
  return (
    <div className={css.tier2Editor} data-testid="tier2-editor">
      <Space wrap className={css.tier2EditorActions}>
        <Button
          icon={<UploadOutlined />}
          onClick={() => setUploading(true)}
          data-testid="tier2-upload"
        >
          Upload Template
        </Button>
        {report.data?.submitted && !editing && (
          <Button onClick={() => setEditing(true)} data-testid="tier2-edit">
            Edit in Form
          </Button>
        )}
      </Space>
      {report.data?.submitted && !editing && <ReportView report={report.data} />}
      {showForm && (
        <Form form={form} layout="vertical" className="tier2-form" onValuesChange={revalidate}>
          <div className={css.tier2Revenue}>
            <Form.Item
              name="totalRevenue"
              label={`Total revenue, ${quarterLabel(quarter)}`}
              rules={[amountRule]}
            >
              <MoneyInput data-testid="tier2-total-revenue" />
            </Form.Item>
            <Form.Item
              name="buyerRevenue"
              label={`Revenue from ${buyer.buyerName}`}
              rules={[amountRule, buyerRevenueRule]}
              dependencies={['totalRevenue']}
            >
              <MoneyInput data-testid="tier2-buyer-revenue" />
            </Form.Item>
          </div>
          <Typography.Title level={5}>
            Direct: paid to diverse suppliers for {buyer.buyerName}'s work
          </Typography.Title>
          <LinesList
            name="direct"
            addLabel="Add direct line"
            segment={per ? { label: per, names: buyer.segments } : undefined}
          />
          <Typography.Title level={5}>
            Your total diverse spend this quarter (all customers)
          </Typography.Title>
          <LinesList name="primeDiverse" addLabel="Add diversity type" />
          <Typography.Title level={5}>Indirect: allocated to {buyer.buyerName}</Typography.Title>
          {values && <AllocationPreview values={values} />}
          <Space className={css.tier2EditorActions}>
            <Button
              type="primary"
              onClick={() => void submit()}
              loading={save.isPending}
              data-testid="tier2-save"
            >
              Save Report
            </Button>
            {editing && <Button onClick={() => setEditing(false)}>Cancel</Button>}
          </Space>
        </Form>
      )}
      <UploadDialog
        open={uploading}
        title={`Upload Tier 2 report, ${quarterLabel(quarter)}`}
        path={uploadPath(buyer.primeId, quarter)}
        accept={{ extensions: ['.xlsx'] }}
        hint="Excel workbooks (.xlsx) only · one quarter per file"
        toFormData={(file) => {
          const data = new FormData();
          data.append('file', file, file.name);
          return data;
        }}
        onClose={() => setUploading(false)}
        onDone={() => {
          setEditing(false);
          void client.invalidateQueries({ queryKey: tier2Keys.all });
        }}
        data-testid="tier2-upload-dialog"
      >
        <TemplateLink path={templatePath(buyer.primeId)} />
      </UploadDialog>
    </div>
  );
}

function BuyerCard({ buyer }: { buyer: Tier2Buyer }) {
  const first =
    buyer.quarters.find((q) => q.status === 'OVERDUE' || q.status === 'DUE') ?? buyer.quarters[0];
  const [chosen, setChosen] = useState<Quarter | undefined>(first);
  const per = segmentLabel(buyer.breakdown);
  const quarter = chosen ?? first;
  return (
    <Card
      size="small"
      title={buyer.buyerName}
      data-testid={`tier2-buyer-${buyer.primeId}`}
      extra={
        <Typography.Text type="secondary">
          {TIER2_BREAKDOWN_LABELS[buyer.breakdown]}
        </Typography.Text>
      }
    >
      {buyer.breakdown !== 'NONE' && (
        <Typography.Paragraph type="secondary" data-testid="tier2-asked">
          {buyer.buyerName} asks for direct spend per {per.toLowerCase()}:{' '}
          {buyer.segments.join(', ')}.
        </Typography.Paragraph>
      )}
      <div className={css.tier2Quarters}>
        {buyer.quarters.map((q) => (
          <QuarterTag key={`${q.year}-${q.quarter}`} state={q} onClick={() => setChosen(q)} />
        ))}
      </div>
      {quarter && (
        <>
          <div className={css.tier2QuarterPick}>
            <Typography.Text strong>Quarter</Typography.Text>
            <Select
              value={`${quarter.year}-${quarter.quarter}`}
              onChange={(v: string) => {
                const [year, q] = v.split('-').map(Number);
                setChosen({ year: year!, quarter: q! });
              }}
              options={buyer.quarters.map((q) => ({
                value: `${q.year}-${q.quarter}`,
                label: quarterLabel(q),
              }))}
              data-testid="tier2-quarter"
              style={{ minWidth: 140 }}
            />
          </div>
          <ReportEditor
            key={`${quarter.year}-${quarter.quarter}`}
            buyer={buyer}
            quarter={quarter}
          />
        </>
      )}
    </Card>
  );
}

/**
 * A buyer's request, as the prime's organisation decides on it: who asks, from which quarter,
 * what breakdown. Accepting lets the buyer see the reports made to it; declining ends it.
 */
function RequestCard({ request }: { request: Tier2Request }) {
  const answer = useAnswerRequest();
  const alert = useAlert();
  const respond = (choice: 'accept' | 'decline') =>
    answer.mutate(
      { primeId: request.primeId, answer: choice },
      {
        onSuccess: (reply) => alert.showSuccess(reply.message),
        onError: (error) => alert.showError(error.message),
      },
    );
  const per = segmentLabel(request.breakdown);
  const first = { year: request.firstYear, quarter: request.firstQuarter };
  const pending = answer.isPending ? answer.variables.answer : null;
  return (
    <Card
      size="small"
      title={`${request.buyerName} asks you to report Tier 2 spend`}
      className={css.tier2Request}
      data-testid={`tier2-request-${request.primeId}`}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'first', label: 'Each quarter from', children: quarterLabel(first) },
          {
            key: 'direct',
            label: 'Direct spend',
            children: per
              ? `${TIER2_BREAKDOWN_LABELS[request.breakdown]}: ${request.segments.join(', ')}`
              : TIER2_BREAKDOWN_LABELS.NONE,
          },
          { key: 'asked', label: 'Asked on', children: formatDate(request.requestedAt) },
        ]}
      />
      <Typography.Paragraph type="secondary" className={css.tier2RequestNote}>
        Accepting lets {request.buyerName} see the reports you make to it, and only those. If you do
        not work with {request.buyerName}, decline: it sees only that you declined.
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          onClick={() => respond('accept')}
          loading={pending === 'accept'}
          disabled={pending === 'decline'}
          data-testid="tier2-accept"
        >
          Accept
        </Button>
        <Popconfirm
          title="Decline this request?"
          description={`${request.buyerName} will see that you declined.`}
          okText="Decline"
          okButtonProps={{ danger: true }}
          onConfirm={() => respond('decline')}
        >
          <Button
            danger
            loading={pending === 'decline'}
            disabled={pending === 'accept'}
            data-testid="tier2-decline"
          >
            Decline
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}

export default function Tier2ReportsPage() {
  const buyers = useQuery(buyersQuery());
  const requests = useQuery(requestsQuery());
  const error = buyers.error ?? requests.error;
  return (
    <div className={css.tier2Page}>
      <PageHeading
        title={TIER2_PRIME_TITLE}
        lead="Each buyer sees only the report you make to it, once you have accepted its request. A quarter's report is due on the last day of the month after the quarter ends."
      />
      {error && <Alert type="error" showIcon title={error.message} />}
      {requests.data?.map((r) => (
        <RequestCard key={r.primeId} request={r} />
      ))}
      {buyers.data?.length === 0 && requests.data?.length === 0 && (
        <Empty description="No buyer has asked you to report Tier 2 spend yet." />
      )}
      {buyers.data?.map((b) => (
        <BuyerCard key={b.primeId} buyer={b} />
      ))}
    </div>
  );
}

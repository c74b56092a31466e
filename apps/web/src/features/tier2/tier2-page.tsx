/**
 * /home/tier2 — the buyer's Tier 2 page: invite prime suppliers, see which accepted
 * and who has reported which quarter, open a report with its allocation, and the year's Tier 2
 * figures next to Tier 1 (never added into it).
 */
import { useState } from 'react';
import {
  Breadcrumb,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
  type FormInstance,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { StackedFigures, Tier2FiguresTable } from '../../components/tier2-figures-table.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../components/use-media-query.ts';
import { ACCESS, mayAccess, type Permission } from '@spotzcity/shared/permissions';
import { formatMoney } from '@spotzcity/shared/format';
import {
  TIER2_BREAKDOWNS,
  TIER2_BREAKDOWN_LABELS,
  TIER2_LINK_STATUS_LABELS,
  TIER2_MAX_SEGMENTS,
  TIER2_MESSAGES,
  quarterIndex,
  quarterLabel,
  quarterOf,
  quarterOfIndex,
  segmentLabel,
  tier2BreakdownSchema,
  tier2InviteSchema,
  type Quarter,
  type Tier2Breakdown,
  type Tier2Figures,
  type Tier2InviteInput,
  type Tier2Prime,
} from '@spotzcity/shared/tier2';
import { TIER2_TITLE, tier2NoteFor } from '@spotzcity/shared/tier2-words';
import { MESSAGES, todayIso } from '@spotzcity/shared/validation';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useAlert } from '../../components/alert-modal.tsx';
import { useSaveResult, zodRule } from '../../components/form-rules.ts';
import { QuarterTag } from './components/quarter-tag.tsx';
import { ReportView } from './components/report-view.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import {
  figuresQuery,
  primesQuery,
  reportQuery,
  useChangeBreakdown,
  useInvitePrime,
} from './api/tier2.ts';
import css from './tier2.module.css';

/** The form's values once every field passes its rules; undefined when one does not (it says so). */
async function validValues(form: FormInstance): Promise<Record<string, unknown> | undefined> {
  try {
    return (await form.validateFields()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * A refused request's problems on their fields (`fields` maps a request field to the form's
 * when they differ), and in the alert with the field's label, so the message names its field.
 */
function showIssues(
  form: FormInstance,
  alert: ReturnType<typeof useAlert>,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: Record<string, string> = {},
) {
  const problems = issues.map((i) => {
    const root = String(i.path[0] ?? '');
    return { name: fields[root] ?? root, message: i.message };
  });
  form.setFields(problems.map((p) => ({ name: p.name, errors: [p.message] })));
  alert.showError(problems[0]?.message ?? MESSAGES.required, {
    details: problems.map((p) => `${INVITE_LABELS[p.name] ?? p.name}: ${p.message}`),
  });
}

/** The invitation's fields as the dialogs label them. */
const INVITE_LABELS: Record<string, string> = {
  companyName: 'Prime supplier',
  name: 'Contact name',
  email: 'Contact e-mail',
  breakdown: 'Direct spend reported',
  segments: 'Projects or cost centres',
  first: 'First quarter to report',
};

/** The current quarter and the four before it, latest first: what a first quarter can be. */
function recentQuarters(): Quarter[] {
  const current = quarterIndex(quarterOf(todayIso()));
  return Array.from({ length: 5 }, (_, i) => quarterOfIndex(current - i));
}

/**
 * What the buyer asks of a prime: the whole buyer, or direct spend per project or cost centre
 * from the list of names typed here (Enter after each).
 */
function AskFields() {
  const form = Form.useFormInstance();
  const breakdown = (Form.useWatch('breakdown', form) ?? 'NONE') as Tier2Breakdown;
  const per = segmentLabel(breakdown);
  return (
    <>
      <Form.Item name="breakdown" label="Direct spend reported">
        <Select
          data-testid="tier2-invite-breakdown"
          options={TIER2_BREAKDOWNS.map((b) => ({ value: b, label: TIER2_BREAKDOWN_LABELS[b] }))}
          onChange={(b: Tier2Breakdown) => {
            if (b === 'NONE') form.setFieldValue('segments', []);
          }}
        />
      </Form.Item>
      {per && (
        <Form.Item
          name="segments"
          label={`${per.charAt(0)}${per.slice(1).toLowerCase()}s the prime reports on`}
          extra={`Type each ${per.toLowerCase()} as your organisation names it, then Enter.`}
          rules={[
            {
              validator: (_, value: string[] | undefined) =>
                value?.length
                  ? Promise.resolve()
                  : Promise.reject(new Error(TIER2_MESSAGES.segmentsRequired(per))),
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',']}
            maxCount={TIER2_MAX_SEGMENTS}
            data-testid="tier2-invite-segments"
          />
        </Form.Item>
      )}
    </>
  );
}

/** The buyer admin changes what it asks of a prime; reports already made keep their lines. */
function AskDialog({ prime, onClose }: { prime: Tier2Prime | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const change = useChangeBreakdown(prime?.id ?? 0);
  const result = useSaveResult(form, onClose);
  const alert = useAlert();
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const body = tier2BreakdownSchema.safeParse({ segments: [], ...values });
    if (!body.success) {
      showIssues(form, alert, body.error.issues);
      return;
    }
    change.mutate(body.data, result);
  };
  return (
    <Modal
      open={prime !== null}
      title={prime ? `What ${prime.companyName} reports` : ''}
      okText="Save"
      onOk={() => void submit()}
      confirmLoading={change.isPending}
      onCancel={onClose}
      destroyOnHidden
      data-testid="tier2-ask-dialog"
    >
      <Typography.Paragraph type="secondary">
        The prime's next reports follow this; reports already made keep their lines. The prime is
        told by e-mail.
      </Typography.Paragraph>
      {prime && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ breakdown: prime.breakdown, segments: prime.segments }}
        >
          <AskFields />
        </Form>
      )}
    </Modal>
  );
}

/** 'Per project: A, B' — what the buyer asks of a prime, in one line. */
const askedFor = (p: { breakdown: Tier2Breakdown; segments: string[] }) =>
  p.breakdown === 'NONE'
    ? TIER2_BREAKDOWN_LABELS.NONE
    : `${TIER2_BREAKDOWN_LABELS[p.breakdown]}: ${p.segments.join(', ')}`;

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const invite = useInvitePrime();
  const result = useSaveResult(form, () => {
    form.resetFields();
    onClose();
  });
  const alert = useAlert();
  const quarters = recentQuarters();
  // The running quarter: an ended one would be due, or overdue, the moment the prime accepts.
  const defaultFirst = quarters[0]!;
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const [year, quarter] = String(values.first).split('-').map(Number);
    const body = tier2InviteSchema.safeParse({
      segments: [],
      ...values,
      firstYear: year,
      firstQuarter: quarter,
    });
    if (!body.success) {
      showIssues(form, alert, body.error.issues, { firstYear: 'first', firstQuarter: 'first' });
      return;
    }
    invite.mutate(body.data as Tier2InviteInput, result);
  };
  const shape = tier2InviteSchema.shape;
  return (
    <Modal
      open={open}
      title="Invite Prime Supplier"
      okText="Send Invitation"
      onOk={() => void submit()}
      confirmLoading={invite.isPending}
      onCancel={onClose}
      destroyOnHidden
      data-testid="tier2-invite-dialog"
    >
      <Typography.Paragraph type="secondary">
        The prime supplier reports each quarter what it paid its own diverse suppliers for your
        work, and its revenue figures for the indirect allocation. It is e-mailed a request in your
        organisation's name (a new address also gets a supplier account), and reports once its
        organisation accepts.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ breakdown: 'NONE', first: `${defaultFirst.year}-${defaultFirst.quarter}` }}
      >
        <Form.Item name="companyName" label="Prime supplier" rules={[zodRule(shape.companyName)]}>
          <Input data-testid="tier2-invite-company" />
        </Form.Item>
        <Form.Item name="name" label="Contact name" rules={[zodRule(shape.name)]}>
          <Input data-testid="tier2-invite-name" />
        </Form.Item>
        <Form.Item name="email" label="Contact e-mail" rules={[zodRule(shape.email)]}>
          <Input data-testid="tier2-invite-email" />
        </Form.Item>
        <AskFields />
        <Form.Item
          name="first"
          label="First quarter to report"
          extra="A quarter that has ended is due at once, and overdue after the last day of the month that follows it."
        >
          <Select
            data-testid="tier2-invite-first"
            options={quarters.map((q) => ({
              value: `${q.year}-${q.quarter}`,
              label: quarterLabel(q),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ReportDialog({
  target,
  onClose,
}: {
  target: { prime: Tier2Prime; quarter: Quarter } | null;
  onClose: () => void;
}) {
  const report = useQuery({
    ...reportQuery('buyer', target?.prime.id ?? 0, target?.quarter ?? { year: 0, quarter: 1 }),
    enabled: target !== null,
  });
  return (
    <Modal
      open={target !== null}
      title={target ? `${target.prime.companyName}, ${quarterLabel(target.quarter)}` : ''}
      footer={null}
      onCancel={onClose}
      width={760}
      destroyOnHidden
    >
      {report.data && <ReportView report={report.data} />}
    </Modal>
  );
}

type PrimeFigures = Tier2Figures['primes'][number];

function FiguresCard() {
  const phone = useMediaQuery(PHONE_QUERY);
  const [year, setYear] = useState<number | null>(null);
  const figures = useQuery(figuresQuery(year));
  const d = figures.data;
  return (
    <Card
      size="small"
      title="Tier 2 next to Tier 1"
      data-testid="tier2-figures"
      extra={
        d && d.years.length > 0 ? (
          <Select
            size="small"
            aria-label="Year"
            value={d.year ?? undefined}
            options={d.years.map((y) => ({ value: y, label: String(y) }))}
            onChange={(y: number) => setYear(y)}
          />
        ) : null
      }
    >
      {!d || d.year === null ? (
        <Typography.Text type="secondary">No prime supplier has reported yet.</Typography.Text>
      ) : (
        <>
          <Tier2FiguresTable rows={d.rows} tier1Title={`Tier 1 ${d.year}`} />
          <Table
            className={css.tier2PrimesFigures}
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={d.primes}
            columns={
              phone
                ? [
                    {
                      title: 'Prime supplier',
                      dataIndex: 'companyName',
                      render: (name: string, p: PrimeFigures) => (
                        <>
                          <strong>{name}</strong>
                          <StackedFigures
                            items={[
                              { label: 'Quarters reported', value: String(p.quartersReported) },
                              { label: 'Direct', value: formatMoney(p.direct) },
                              { label: 'Indirect', value: formatMoney(p.indirect) },
                            ]}
                          />
                        </>
                      ),
                    },
                  ]
                : [
                    { title: 'Prime supplier', dataIndex: 'companyName' },
                    { title: 'Quarters reported', dataIndex: 'quartersReported', align: 'right' },
                    { title: 'Direct', dataIndex: 'direct', align: 'right', render: formatMoney },
                    {
                      title: 'Indirect',
                      dataIndex: 'indirect',
                      align: 'right',
                      render: formatMoney,
                    },
                  ]
            }
          />
          <Typography.Paragraph type="secondary" className={css.tier2Note}>
            {tier2NoteFor(d)}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

export default function Tier2Page() {
  const { permissions } = useCurrentUser();
  const mayInvite = mayAccess(
    new Set(permissions as Permission[]),
    ACCESS.supplierAndSpend.tier2Invite,
  );
  const primes = useQuery(primesQuery());
  const [inviting, setInviting] = useState(false);
  const [open, setOpen] = useState<{ prime: Tier2Prime; quarter: Quarter } | null>(null);
  const [asking, setAsking] = useState<Tier2Prime | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);
  const quarterTags = (p: Tier2Prime) =>
    p.status !== 'ACCEPTED' ? (
      <Tag
        color={p.status === 'PENDING' ? 'gold' : 'default'}
        data-testid={`tier2-link-${p.id}`}
        data-status={p.status}
      >
        {TIER2_LINK_STATUS_LABELS[p.status]}
      </Tag>
    ) : (
      <div className={css.tier2Quarters} data-testid={`tier2-prime-${p.id}`}>
        {p.quarters.map((q) => (
          <QuarterTag
            key={`${q.year}-${q.quarter}`}
            state={q}
            {...(q.status === 'REPORTED'
              ? { onClick: () => setOpen({ prime: p, quarter: q }) }
              : {})}
          />
        ))}
      </div>
    );
  return (
    <div className={css.tier2Page}>
      <Breadcrumb
        items={[
          { title: <Link to="/home/supplierSpend">Supplier Spend Report</Link> },
          { title: TIER2_TITLE },
        ]}
      />
      <PageHeading
        title={TIER2_TITLE}
        lead="Prime suppliers report what they paid diverse suppliers for your work each quarter."
        actions={
          mayInvite && (
            <Button type="primary" onClick={() => setInviting(true)} data-testid="tier2-invite">
              Invite Prime Supplier
            </Button>
          )
        }
      />
      <Card size="small" title="Who has reported" data-testid="tier2-status">
        <Table
          size="small"
          rowKey="id"
          loading={primes.isPending}
          dataSource={primes.data ?? []}
          pagination={false}
          locale={{ emptyText: 'No prime supplier invited yet.' }}
          columns={[
            {
              title: 'Prime supplier',
              dataIndex: 'companyName',
              render: (name: string, p: Tier2Prime) => (
                <>
                  <div>{name}</div>
                  <Typography.Text type="secondary" className={css.tier2Contact}>
                    {p.contactName} · {p.contactEmail}
                  </Typography.Text>
                  <Typography.Text className={css.tier2Asked} data-testid={`tier2-asked-${p.id}`}>
                    {askedFor(p)}
                    {mayInvite && p.status !== 'DECLINED' && (
                      <>
                        {' · '}
                        <Typography.Link onClick={() => setAsking(p)}>Change</Typography.Link>
                      </>
                    )}
                  </Typography.Text>
                  {phone && <div className={css.tier2StatusQuarters}>{quarterTags(p)}</div>}
                </>
              ),
            },
            ...(phone
              ? []
              : [{ title: 'Quarters', render: (_: unknown, p: Tier2Prime) => quarterTags(p) }]),
          ]}
        />
      </Card>
      <FiguresCard />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ReportDialog target={open} onClose={() => setOpen(null)} />
      <AskDialog prime={asking} onClose={() => setAsking(null)} />
    </div>
  );
}

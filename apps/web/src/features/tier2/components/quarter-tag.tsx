/** A quarter's reporting status as a coloured tag: Reported, Due, Overdue or Open. */
import { Tag } from 'antd';
import { formatDate } from '@spotzcity/shared/format';
import { TIER2_STATUS_LABELS, quarterLabel, type Tier2QuarterState } from '@spotzcity/shared/tier2';

const COLOURS = { REPORTED: 'green', DUE: 'orange', OVERDUE: 'red', OPEN: 'default' } as const;

export function QuarterTag({ state, onClick }: { state: Tier2QuarterState; onClick?: () => void }) {
  const text = `${quarterLabel(state)}: ${TIER2_STATUS_LABELS[state.status]}`;
  const title =
    state.status === 'REPORTED' && state.submittedAt
      ? `Reported ${formatDate(state.submittedAt)}`
      : `Due ${formatDate(state.dueDate)}`;
  return (
    <Tag
      color={COLOURS[state.status]}
      title={title}
      onClick={onClick}
      style={onClick ? { cursor: 'pointer' } : undefined}
      data-testid={`quarter-${state.year}-${state.quarter}`}
      data-status={state.status}
    >
      {text}
    </Tag>
  );
}

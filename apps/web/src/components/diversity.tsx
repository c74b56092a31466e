/**
 * Diversity categories on screen: tags for a supplier's types, and the multi-select that keeps a
 * supplier either Non-Diverse or of one or more diversity types (choosing one clears the other).
 */
import { Select, Tag, Tooltip } from 'antd';
import {
  DIVERSITY_LABELS,
  DIVERSITY_NAMES,
  NON_DIVERSE,
  diversityLabel,
} from '@spotzcity/shared/diversity-words';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES } from '@spotzcity/shared/enums';

export function DiversityTags({ types }: { types: readonly string[] }) {
  return (
    <span className="diversity-tags">
      {types.map((type) => (
        <Tooltip key={type} title={DIVERSITY_NAMES[type as keyof typeof DIVERSITY_NAMES]}>
          <Tag
            color={type === NON_DIVERSE ? 'default' : 'geekblue'}
            variant="filled"
            style={{ marginInlineEnd: 4 }}
          >
            {diversityLabel(type)}
          </Tag>
        </Tooltip>
      ))}
    </span>
  );
}

const diversityOptions = DIVERSITY_TYPES.map((type) => ({
  value: type,
  label: DIVERSITY_LABELS[type],
  title: DIVERSITY_NAMES[type],
}));

interface DiversitySelectProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  onBlur?: () => void;
  placeholder?: string;
  'data-testid'?: string;
}

/** Keeps Non-Diverse exclusive: the newest choice wins over the other kind. */
export function exclusiveDiversity(previous: readonly string[], next: string[]): string[] {
  const added = next.find((t) => !previous.includes(t));
  if (added === NON_DIVERSE) return [NON_DIVERSE];
  if (added) return next.filter((t) => t !== NON_DIVERSE);
  return next;
}

export function DiversitySelect({ value, onChange, ...rest }: DiversitySelectProps) {
  return (
    <Select
      {...rest}
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(exclusiveDiversity(value ?? [], next))}
      options={diversityOptions}
      optionFilterProp="label"
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
}

const ethnicityOptions = ETHNICITY_CATEGORIES.map((e) => ({ value: e, label: e }));

export function EthnicitySelect(props: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  onBlur?: () => void;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const { value, ...rest } = props;
  return (
    <Select
      {...rest}
      allowClear
      value={value ?? undefined}
      options={ethnicityOptions}
      style={{ width: '100%' }}
    />
  );
}

import { Tag, Tooltip } from 'antd';
import type { DiversityType } from '@spotzcity/shared/enums';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { DIVERSITY_LEGEND } from '@spotzcity/shared/spend';

const COLOURS: Partial<Record<DiversityType, string>> = {
  MBE: 'purple',
  WBE: 'magenta',
  VBE: 'blue',
  SDVBE: 'geekblue',
  DoBE: 'cyan',
  LGBTBE: 'volcano',
  DBE: 'orange',
  SBE: 'green',
  SDB: 'gold',
  '8A': 'lime',
  HUB: 'red',
};

/** "MBE, WBE" as coloured tags with the meaning on hover; NON_DIVERSE as a quiet one. */
export function DiversityTags({ value }: { value: string }) {
  const types = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean) as DiversityType[];
  return (
    <span className="diversity-tags">
      {types.map((type) =>
        type === 'NON_DIVERSE' ? (
          <Tag key={type} bordered={false} className="diversity-tag-none">
            {diversityLabel(type)}
          </Tag>
        ) : (
          <Tooltip key={type} title={DIVERSITY_LEGEND[type]}>
            <Tag color={COLOURS[type] ?? 'default'}>{diversityLabel(type)}</Tag>
          </Tooltip>
        ),
      )}
    </span>
  );
}

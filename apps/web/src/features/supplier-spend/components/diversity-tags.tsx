import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiversityType } from '@spotzcity/shared/enums';
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
  const { t } = useTranslation();
  const types = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean) as DiversityType[];
  return (
    <span className="diversity-tags">
      {types.map((type) =>
        type === 'NON_DIVERSE' ? (
          <Tag key={type} bordered={false} className="diversity-tag-none">
            {t('spend.nonDiverse')}
          </Tag>
        ) : (
          <Tooltip key={type} title={DIVERSITY_LEGEND[type]}>
            <Tag color={COLOURS[type] ?? 'default'}>{type}</Tag>
          </Tooltip>
        ),
      )}
    </span>
  );
}

import { Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES } from '@spotzcity/shared/enums';
import { DIVERSITY_LEGEND, ETHNICITY_LEGEND } from '@spotzcity/shared/spend';
import css from '../supplier-spend.module.css';

/** What each diversity code and ethnicity category in the table means. */
export function Legends() {
  const { t } = useTranslation();
  return (
    <Card size="small" className={css.spendLegends} data-testid="legends">
      <Row gutter={[32, 16]}>
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>{t('spend.diversityLegend')}</Typography.Title>
          <dl className={css.spendLegendList}>
            {DIVERSITY_TYPES.map((code) => (
              <div key={code} className={css.spendLegendItem}>
                <dt>
                  <Tag bordered={false}>{diversityLabel(code)}</Tag>
                </dt>
                <dd>{DIVERSITY_LEGEND[code]}</dd>
              </div>
            ))}
          </dl>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>{t('spend.ethnicityLegend')}</Typography.Title>
          <dl className={css.spendLegendList}>
            {ETHNICITY_CATEGORIES.map((category) => (
              <div key={category} className={css.spendLegendItem}>
                <dt>
                  <Tag bordered={false}>{category}</Tag>
                </dt>
                <dd>{ETHNICITY_LEGEND[category]}</dd>
              </div>
            ))}
          </dl>
        </Col>
      </Row>
    </Card>
  );
}

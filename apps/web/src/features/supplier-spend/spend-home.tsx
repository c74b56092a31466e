import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilesPanel } from './components/files-panel.tsx';
import { GoalHeadline } from './components/goal-headline.tsx';
import { MatchRatePanel } from './components/match-rate-panel.tsx';
import { SuppliersPanel } from './components/suppliers-panel.tsx';
import { useSelectedFiles } from './selection.ts';

/** The report's home: Previously Uploaded Files on the left, Suppliers & Spend on the right. */
export function SpendHome() {
  const { t } = useTranslation();
  const [selected, setSelected] = useSelectedFiles();
  return (
    <div className="page spend-page" data-testid="spend-home">
      <header className="page-header">
        <Typography.Title level={3} className="page-title">
          {t('spend.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('spend.subtitle')}</Typography.Text>
      </header>
      <GoalHeadline />
      <Row gutter={[24, 24]} align="stretch">
        <Col xs={24} xl={11}>
          <FilesPanel selected={selected} onSelect={setSelected} />
        </Col>
        <Col xs={24} xl={13}>
          <SuppliersPanel fileIds={selected} />
        </Col>
        <Col xs={24}>
          <MatchRatePanel fileIds={selected} />
        </Col>
      </Row>
    </div>
  );
}

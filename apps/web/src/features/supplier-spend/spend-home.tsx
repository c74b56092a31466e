import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilesPanel } from './components/files-panel.tsx';
import { GoalHeadline } from './components/goal-headline.tsx';
import { MatchRatePanel } from './components/match-rate-panel.tsx';
import { SuppliersPanel } from './components/suppliers-panel.tsx';
import { useSelectedFiles } from './selection.ts';
import { ModuleHeader } from '../../components/module-header.tsx';

/** The report's home: Previously Uploaded Files on the left, Suppliers & Spend on the right. */
export function SpendHome() {
  const { t } = useTranslation();
  const [selected, setSelected] = useSelectedFiles();
  return (
    <div className="page spend-page" data-testid="spend-home">
      <ModuleHeader title={t('spend.title')} subtitle={t('spend.subtitle')} />
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

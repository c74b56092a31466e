import { Card, Col, Row, Typography } from 'antd';
import { AimOutlined, AppstoreOutlined, DollarOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_KINDS, type DashboardKind } from '@spotzcity/shared/spend-dashboard-words';
import { REPORT_HOME, reportPath } from '../paths.ts';
import css from '../spend-dashboards.module.css';

const ICONS: Record<DashboardKind, React.ReactNode> = {
  supplier: <TeamOutlined />,
  spend: <DollarOutlined />,
  category: <AppstoreOutlined />,
};

/** Create Report's chooser: one card per dashboard, keeping the selected files. */
export function ReportChooser({ fileIds }: { fileIds: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="report-chooser">
      <Typography.Paragraph type="secondary">
        {t('spendDashboards.chooserHint')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {DASHBOARD_KINDS.map((kind) => (
          <Col key={kind} xs={24} md={12} xl={6}>
            <Link to={reportPath(kind, fileIds)} data-testid={`choose-${kind}`}>
              <Card hoverable className={css.reportChoice}>
                <div className={css.reportChoiceIcon}>{ICONS[kind]}</div>
                <Typography.Title level={5}>{t(`spendDashboards.${kind}`)}</Typography.Title>
                <Typography.Text type="secondary">
                  {t(`spendDashboards.${kind}Description`)}
                </Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
        <Col xs={24} md={12} xl={6}>
          <Link
            to={`${REPORT_HOME}/goals${fileIds.length ? `?files=${fileIds.join(',')}` : ''}`}
            data-testid="choose-goals"
          >
            <Card hoverable className={css.reportChoice}>
              <div className={css.reportChoiceIcon}>
                <AimOutlined />
              </div>
              <Typography.Title level={5}>{t('goals.dashboard')}</Typography.Title>
              <Typography.Text type="secondary">{t('goals.dashboardDescription')}</Typography.Text>
            </Card>
          </Link>
        </Col>
      </Row>
    </div>
  );
}

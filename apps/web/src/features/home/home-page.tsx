import type { ReactNode } from 'react';
import { Avatar, Card, Col, Row, Tag, Typography } from 'antd';
import {
  ArrowRightOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  SearchOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ACCESS,
  mayAccess,
  ROLE_LABELS,
  type Permission,
  type Role,
} from '@spotzcity/shared/permissions';
import { formatDate } from '@spotzcity/shared/format';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useSettings } from '../../api/get-settings.ts';
import { initialsOf } from '../../components/initials.ts';
import { Attention } from './components/attention.tsx';

export interface HomeTile {
  key: string;
  path: string;
  icon: ReactNode;
  label: string;
  description?: string;
}

/** The modules the home page points to, each shown to whoever may open it. */
const MODULE_LINKS = [
  {
    feature: 'diversityEvent',
    to: '/home/diversityEvents',
    icon: <TeamOutlined />,
    label: 'modules.diversityEvents',
    note: 'diversityEvents.homeLink',
    testId: 'home-diversity-events',
  },
  {
    feature: 'searchSupplier',
    to: '/home/supplierSearch',
    icon: <SearchOutlined />,
    label: 'modules.supplierSearch',
    note: 'supplierSearch.homeLink',
    testId: 'home-supplier-search',
  },
] as const;

/** A link of the home page's actions card: icon, label with an optional note, arrow. */
function HomeAction(props: {
  to: string;
  icon: ReactNode;
  label: string;
  note?: string;
  testId: string;
}) {
  return (
    <Link to={props.to} className="home-action" data-testid={props.testId}>
      <span className="icon-badge home-action-icon">{props.icon}</span>
      {props.note ? (
        <span>
          {props.label}
          <small>{props.note}</small>
        </span>
      ) : (
        <span>{props.label}</span>
      )}
      <ArrowRightOutlined />
    </Link>
  );
}

/**
 * /home: a welcome header, what needs attention today (for whoever sees the spend figures), one
 * tile per module the user may open, and the account.
 */
export default function HomePage({ tiles }: { tiles: HomeTile[] }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const settings = useSettings();
  const name = user.name?.trim() || t('app.defaultName');
  const company = user.companyName?.trim() || t('app.defaultCompany');
  const role = ROLE_LABELS[user.role as Role] ?? user.role;
  const supportEmail = settings.data?.supportEmail;
  const seesSpend =
    user.features.supplierAndSpend.allowed &&
    mayAccess(new Set(user.permissions as Permission[]), ACCESS.supplierAndSpend.dashboards);

  return (
    <div className="page home-page" data-testid="home-page">
      <section className="home-hero">
        <div className="home-hero-text">
          <span className="home-hero-date">
            <CalendarOutlined /> {dayjs().format('dddd, MMMM D, YYYY')}
          </span>
          <Typography.Title level={2} className="home-hero-title" data-testid="home-greeting">
            {t('home.greeting', { name })}
          </Typography.Title>
          <div className="home-hero-meta">
            <span data-testid="home-organisation">{company}</span>
            <span className="home-hero-dot" aria-hidden>
              •
            </span>
            <span>{t('home.workspace')}</span>
          </div>
        </div>
        <Avatar size={72} src={user.profilePicUrl ?? undefined} className="home-hero-avatar">
          {initialsOf(name)}
        </Avatar>
      </section>

      {seesSpend && <Attention />}

      {tiles.length > 0 ? (
        <section aria-labelledby="home-modules-title">
          <Typography.Title level={4} id="home-modules-title" className="section-title">
            {t('home.modulesTitle')}
          </Typography.Title>
          <Row gutter={[20, 20]} data-testid="home-tiles">
            {tiles.map((tile) => (
              <Col key={tile.key} xs={24} sm={12} lg={8} xxl={6}>
                <Link to={tile.path} className="home-tile" data-testid={`tile-${tile.key}`}>
                  <span className="icon-badge home-tile-icon">{tile.icon}</span>
                  <span className="home-tile-label">{tile.label}</span>
                  {tile.description && (
                    <span className="home-tile-description">{tile.description}</span>
                  )}
                  <span className="home-tile-open">
                    {t('home.openModule')} <ArrowRightOutlined />
                  </span>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ) : (
        <Typography.Paragraph className="home-empty" data-testid="home-empty">
          {t('home.noModules')}
        </Typography.Paragraph>
      )}

      <Row gutter={[20, 20]} className="home-cards">
        <Col xs={24} lg={14}>
          <Card title={t('home.accountTitle')} className="home-card">
            <dl className="home-facts">
              <div>
                <dt>{t('home.organisation')}</dt>
                <dd>{company}</dd>
              </div>
              <div>
                <dt>{t('home.role')}</dt>
                <dd>
                  <Tag color="blue" variant="filled">
                    {role}
                  </Tag>
                </dd>
              </div>
              <div>
                <dt>{t('home.email')}</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>{t('home.memberSince')}</dt>
                <dd>{formatDate(user.createdDate)}</dd>
              </div>
            </dl>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card className="home-card home-actions">
            <HomeAction
              to="/home/editProfile"
              icon={<EditOutlined />}
              label={t('home.updateProfile')}
              testId="home-edit-profile"
            />
            {MODULE_LINKS.filter((link) => user.features[link.feature].allowed).map((link) => (
              <HomeAction
                key={link.feature}
                to={link.to}
                icon={link.icon}
                label={t(link.label)}
                note={t(link.note)}
                testId={link.testId}
              />
            ))}
            {supportEmail && (
              <a href={`mailto:${supportEmail}`} className="home-action">
                <span className="icon-badge home-action-icon">
                  <CustomerServiceOutlined />
                </span>
                <span>
                  {t('home.contactSupport')}
                  <small>{supportEmail}</small>
                </span>
                <ArrowRightOutlined />
              </a>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

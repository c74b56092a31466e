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
import { ROLE_LABELS, type Role } from '@spotzcity/shared/permissions';
import { formatDate } from '@spotzcity/shared/format';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useSettings } from '../../api/get-settings.ts';
import { initialsOf } from '../../components/initials.ts';

export interface HomeTile {
  key: string;
  path: string;
  icon: ReactNode;
  label: string;
  description?: string;
}

/** /home: a welcome header and one tile per module the user may open. */
export default function HomePage({ tiles }: { tiles: HomeTile[] }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const settings = useSettings();
  const name = user.name?.trim() || t('app.defaultName');
  const company = user.companyName?.trim() || t('app.defaultCompany');
  const role = ROLE_LABELS[user.role as Role] ?? user.role;
  const supportEmail = settings.data?.supportEmail;

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

      {tiles.length > 0 ? (
        <section aria-labelledby="home-modules-title">
          <Typography.Title level={4} id="home-modules-title" className="section-title">
            {t('home.modulesTitle')}
          </Typography.Title>
          <Row gutter={[20, 20]} data-testid="home-tiles">
            {tiles.map((tile) => (
              <Col key={tile.key} xs={24} sm={12} lg={8} xxl={6}>
                <Link to={tile.path} className="home-tile" data-testid={`tile-${tile.key}`}>
                  <span className="home-tile-icon">{tile.icon}</span>
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
            <Link to="/home/editProfile" className="home-action" data-testid="home-edit-profile">
              <span className="home-action-icon">
                <EditOutlined />
              </span>
              <span>{t('home.updateProfile')}</span>
              <ArrowRightOutlined />
            </Link>
            {user.features.diversityEvent.allowed && (
              <Link
                to="/home/diversityEvents"
                className="home-action"
                data-testid="home-diversity-events"
              >
                <span className="home-action-icon">
                  <TeamOutlined />
                </span>
                <span>
                  {t('modules.diversityEvents')}
                  <small>{t('diversityEvents.homeLink')}</small>
                </span>
                <ArrowRightOutlined />
              </Link>
            )}
            {user.features.searchSupplier.allowed && (
              <Link
                to="/home/supplierSearch"
                className="home-action"
                data-testid="home-supplier-search"
              >
                <span className="home-action-icon">
                  <SearchOutlined />
                </span>
                <span>
                  {t('modules.supplierSearch')}
                  <small>{t('supplierSearch.homeLink')}</small>
                </span>
                <ArrowRightOutlined />
              </Link>
            )}
            {supportEmail && (
              <a href={`mailto:${supportEmail}`} className="home-action">
                <span className="home-action-icon">
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

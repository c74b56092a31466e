import type { ReactNode } from 'react';
import { Breadcrumb, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SPEND_HOME, withFiles } from '../selection.ts';
import css from '../supplier-spend.module.css';

interface SpendHeaderProps {
  title: string;
  subtitle?: ReactNode;
  fileIds: number[];
  actions?: ReactNode;
}

/** A sub-view's header: breadcrumbs back to the report's home (keeping the selection). */
export function SpendHeader({ title, subtitle, fileIds, actions }: SpendHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="page-header spend-header">
      <Breadcrumb
        className={css.spendBreadcrumbs}
        items={[
          {
            title: (
              <Link to={withFiles(SPEND_HOME, fileIds)} data-testid="spend-breadcrumb-home">
                {t('spend.title')}
              </Link>
            ),
          },
          { title },
        ]}
      />
      <Flex justify="space-between" align="end" gap={16} wrap>
        <div>
          <Typography.Title level={3} className="page-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </div>
        {actions && (
          <Flex gap={8} wrap>
            {actions}
          </Flex>
        )}
      </Flex>
    </header>
  );
}

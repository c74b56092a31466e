/**
 * What every page of the Spend dashboards shares: the selected files from the address, and the
 * frame around a dashboard (the breadcrumbs back to the table view, the title and its actions).
 */
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../../components/breadcrumbs.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { parseFileIds, spendHomePath, tableViewPath } from '../paths.ts';
import css from '../spend-dashboards.module.css';

/** The selected files, the same array while the selection is (the dashboards are memoised). */
export function useFileIds() {
  const [params] = useSearchParams();
  const files = params.get('files');
  return useMemo(() => parseFileIds(files), [files]);
}

export function Frame({
  fileIds,
  title,
  actions,
  children,
}: {
  fileIds: number[];
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.spendDashboards}>
      <Breadcrumbs
        data-testid="report-breadcrumbs"
        items={[
          {
            key: 'home',
            title: <Link to={spendHomePath(fileIds)}>{t('modules.supplierSpend')}</Link>,
          },
          {
            key: 'table',
            title: (
              <Link to={tableViewPath(fileIds)} data-testid="breadcrumb-table-view">
                {t('spendDashboards.tableView')}
              </Link>
            ),
          },
          { key: 'page', title },
        ]}
      />
      <PageHeading
        title={title}
        lead={
          fileIds.length === 0
            ? t('spendDashboards.allFiles')
            : t('spendDashboards.selectedFiles', { count: fileIds.length })
        }
        actions={actions}
      />
      {children}
    </div>
  );
}

/**
 * /home/supplierSearch (spec 02 points 2–4): filter (default) → list on Search → detail on a row
 * click; 'Filter' or the header returns to the form, the detail's header to the list.
 *
 * A supplier name elsewhere (components/supplier-link.tsx) links here with `?duns=…&name=…`:
 * the directory's supplier of that DUNS opens in its detail (its header returns to the list of
 * that DUNS), else the list searched by Business Name/DBA Name. The URL keeps the link until the
 * user moves to another view, so a reload shows the same supplier.
 */
import { useState } from 'react';
import { Button, Flex, Rate, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  isValidated,
  type SupplierDetail as Supplier,
  type SupplierSearchFilter,
} from '@spotzcity/shared/search-supplier';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/get-profile.ts';
import { useAddressColumns } from '../../components/address-columns.tsx';
import { InfiniteTable, useReloadList } from '../../components/infinite-table.tsx';
import { supplierLinkTarget, type SupplierLinkTarget } from '../../components/supplier-link.tsx';
import { TemplateLink } from '../../components/template-link.tsx';
import { UploadDialog } from '../../components/upload-dialog.tsx';
import {
  SUPPLIERS_TEMPLATE_PATH,
  UPLOAD_SUPPLIERS_PATH,
  linkedSupplierQuery,
  searchSuppliers,
  supplierSearchKeys,
} from './api/search-suppliers.ts';
import { SearchForm } from './components/search-form.tsx';
import css from './search-supplier.module.css';
import { SupplierDetail } from './components/supplier-detail.tsx';

type View =
  | { name: 'filter' }
  | { name: 'list' }
  | { name: 'detail'; supplier: Supplier }
  /** Opened from a supplier link: the view follows the link's lookup. */
  | { name: 'linked' };

export default function SearchSupplierPage() {
  const [params] = useSearchParams();
  const link = params.get('duns') || params.get('name') ? params.toString() : '';
  // A new link (another supplier's, or back/forward onto one) starts the page afresh; the URL
  // losing its link as the user moves on does not.
  const [opened, setOpened] = useState({ link, count: 0 });
  if (link && link !== opened.link) setOpened({ link, count: opened.count + 1 });
  return <SearchSupplier key={opened.count} link={supplierLinkTarget(params)} />;
}

function SearchSupplier({ link }: { link: SupplierLinkTarget | null }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const reload = useReloadList();
  const [, setParams] = useSearchParams();
  const address = useAddressColumns<Supplier>({ state: 'stateOrProvince' });
  const [state, setState] = useState<{ view: View; filter: SupplierSearchFilter }>(() => ({
    view: link ? { name: 'linked' } : { name: 'filter' },
    filter: {},
  }));
  const linked = useQuery({ ...linkedSupplierQuery(link), enabled: state.view.name === 'linked' });
  const [uploadOpen, setUploadOpen] = useState(false);

  // While opened from a link, the view and filter are the lookup's answer.
  let view: View | { name: 'finding' } = state.view;
  let filter = state.filter;
  if (state.view.name === 'linked') {
    if (linked.isError) {
      // The lookup failed: the form, holding the supplier's name, lets the user search.
      view = { name: 'filter' };
      filter = link?.name ? { dbaName: link.name } : {};
    } else if (!linked.data) view = { name: 'finding' };
    else {
      filter = linked.data.filter;
      view = linked.data.supplier
        ? { name: 'detail', supplier: linked.data.supplier }
        : { name: 'list' };
    }
  }
  /** Moves to another view; the link leaves the URL (replacing it, so Back leaves the page). */
  const go = (next: View, nextFilter: SupplierSearchFilter = filter) => {
    setState({ view: next, filter: nextFilter });
    if (state.view.name === 'linked') setParams({}, { replace: true });
  };
  const setView = (next: View) => go(next);

  const columns = [
    { title: t('supplierSearch.businessName'), dataIndex: 'name', key: 'name', width: 280 },
    ...address,
    {
      title: t('supplierSearch.certifications'),
      dataIndex: 'certificationType',
      key: 'certificationType',
    },
    {
      title: t('supplierSearch.validated'),
      dataIndex: 'tulipValidated',
      key: 'validated',
      align: 'center' as const,
      render: (value: string | null) =>
        isValidated(value) ? (
          <CheckCircleFilled
            className={css.validated}
            aria-label={t('supplierSearch.validated')}
            data-testid="validated-icon"
          />
        ) : null,
    },
    {
      title: t('supplierSearch.rating'),
      key: 'rating',
      width: 190,
      render: (_: unknown, s: Supplier) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Rate disabled allowHalf value={s.ratingCount.rating} style={{ fontSize: 14 }} />{' '}
          <Typography.Text type="secondary">
            {t('supplierSearch.ratingCount', { count: s.ratingCount.count })}
          </Typography.Text>
        </span>
      ),
    },
  ];

  const header = (
    <header className="page-header">
      <Typography.Title
        level={3}
        className="page-title"
        style={{ cursor: view.name === 'list' || view.name === 'detail' ? 'pointer' : undefined }}
        onClick={() => {
          if (view.name === 'list') setView({ name: 'filter' });
          if (view.name === 'detail') setView({ name: 'list' });
        }}
        data-testid="supplier-search-header"
      >
        {view.name === 'detail' && <ArrowLeftOutlined style={{ marginRight: 8 }} />}
        {view.name === 'detail' ? t('supplierSearch.details') : t('supplierSearch.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('supplierSearch.subtitle')}</Typography.Text>
    </header>
  );

  return (
    <div className="page supplier-search-page" data-testid="supplier-search-page">
      {header}
      {view.name === 'filter' && (
        <SearchForm
          initial={filter}
          canUpload={user.features.searchSupplier.uploadFile}
          onSearch={(next) => go({ name: 'list' }, next)}
          onUpload={() => setUploadOpen(true)}
        />
      )}
      {view.name === 'list' && (
        <>
          <Flex justify="flex-end" style={{ marginBottom: 12 }}>
            <Button
              icon={<FilterOutlined />}
              onClick={() => setView({ name: 'filter' })}
              data-testid="back-to-filter"
            >
              {t('supplierSearch.filter')}
            </Button>
          </Flex>
          <InfiniteTable<Supplier>
            queryKey={supplierSearchKeys.list(filter)}
            fetchPage={(page, signal) => searchSuppliers(filter, page, signal)}
            columns={columns}
            rowKey="id"
            onRowClick={(supplier) => setView({ name: 'detail', supplier })}
            data-testid="supplier-results"
          />
        </>
      )}
      {view.name === 'finding' && (
        <Flex justify="center" style={{ padding: 48 }} data-testid="supplier-link-finding">
          <Spin tip={t('supplierSearch.finding')}>
            <div style={{ width: 240, height: 48 }} />
          </Spin>
        </Flex>
      )}
      {view.name === 'detail' && <SupplierDetail supplier={view.supplier} />}
      <UploadDialog
        open={uploadOpen}
        title={t('supplierSearch.uploadList')}
        path={UPLOAD_SUPPLIERS_PATH}
        accept={{ extensions: ['.xlsx'] }}
        hint={t('supplierSearch.uploadHint')}
        toFormData={(file) => {
          const form = new FormData();
          form.append('file', file, file.name);
          return form;
        }}
        onClose={() => setUploadOpen(false)}
        onDone={() => void reload(supplierSearchKeys.all)}
        data-testid="upload-suppliers-dialog"
      >
        <TemplateLink path={SUPPLIERS_TEMPLATE_PATH} />
      </UploadDialog>
    </div>
  );
}

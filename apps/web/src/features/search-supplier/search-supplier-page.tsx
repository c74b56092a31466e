/**
 * /home/supplierSearch (spec 02 points 2–4): filter (default) → list on Search → detail on a row
 * click; 'Filter' or the header returns to the form, the detail's header to the list.
 */
import { useState } from 'react';
import { Button, Flex, Rate, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleFilled, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  isValidated,
  type SupplierDetail as Supplier,
  type SupplierSearchFilter,
} from '@spotzcity/shared/search-supplier';
import { useCurrentUser } from '../../api/get-profile.ts';
import { InfiniteTable, useReloadList } from '../../components/infinite-table.tsx';
import { TemplateLink } from '../../components/template-link.tsx';
import { UploadDialog } from '../../components/upload-dialog.tsx';
import {
  SUPPLIERS_TEMPLATE_PATH,
  UPLOAD_SUPPLIERS_PATH,
  searchSuppliers,
  supplierSearchKeys,
} from './api/search-suppliers.ts';
import { SearchForm } from './components/search-form.tsx';
import { SupplierDetail } from './components/supplier-detail.tsx';

type View = { name: 'filter' } | { name: 'list' } | { name: 'detail'; supplier: Supplier };

export default function SearchSupplierPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const reload = useReloadList();
  const [view, setView] = useState<View>({ name: 'filter' });
  const [filter, setFilter] = useState<SupplierSearchFilter>({});
  const [uploadOpen, setUploadOpen] = useState(false);

  const columns = [
    { title: t('supplierSearch.businessName'), dataIndex: 'name', key: 'name', width: 280 },
    { title: t('supplierSearch.city'), dataIndex: 'city', key: 'city' },
    { title: t('supplierSearch.stateOrProvince'), dataIndex: 'stateOrProvince', key: 'state' },
    { title: t('supplierSearch.zip'), dataIndex: 'zip', key: 'zip' },
    { title: t('supplierSearch.country'), dataIndex: 'country', key: 'country' },
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
            style={{ color: '#2e7d32' }}
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
        style={{ cursor: view.name === 'filter' ? undefined : 'pointer' }}
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
          onSearch={(next) => {
            setFilter(next);
            setView({ name: 'list' });
          }}
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

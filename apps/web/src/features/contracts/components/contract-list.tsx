/**
 * The contract list (spec 02 point 2): infinite scroll, each row expanding to Awardee's Data,
 * Vendor's Data and Company Contact; pencil with contract.addEdit, trash with
 * contract.deleteFile; Add Contract, Download Excel (disabled while the list is empty) and
 * Create Report (contract.createReport, asks a year).
 */
import { useMemo, useState } from 'react';
import { Button, Card, type TableProps } from 'antd';
import {
  BankOutlined,
  BarChartOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { formatDate, formatMoney, formatPhone } from '@spotzcity/shared/format';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { DetailSections } from '../../../components/detail-sections.tsx';
import { DiversityTags } from '../../../components/diversity.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
import { RecordActions } from '../../../components/record-actions.tsx';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { useDeleteContract } from '../api/delete-contract.ts';
import { downloadContractList } from '../api/excel.ts';
import { contractListKey, fetchContractPage } from '../api/list-contracts.ts';

const mail = (address: string | null) =>
  address ? <a href={`mailto:${address}`}>{address}</a> : null;

function ContractDetails({ record }: { record: ContractRecord }) {
  const { t } = useTranslation();
  const { awardeeVendorInfo: awardee, vendorAccount: vendor, divisionInfo: division } = record;
  return (
    <div data-testid={`contract-details-${record.id}`}>
      <DetailSections
        sections={[
          {
            title: t('contracts.awardeeData'),
            icon: <ShopOutlined />,
            items: [
              {
                label: t('contracts.form.awardeeVandorIdNumber'),
                value: awardee.awardeeVandorIdNumber,
              },
              { label: t('contracts.form.awardeeVandorName'), value: awardee.awardeeVandorName },
              {
                label: t('contracts.form.awardeeEthnicityCategory'),
                value: awardee.awardeeEthnicityCategory,
              },
              {
                label: t('contracts.form.awardeeDivercityCategory'),
                value: <DiversityTags types={awardee.awardeeDivercityCategory} />,
              },
            ],
          },
          {
            title: t('contracts.vendorData'),
            icon: <UserOutlined />,
            items: [
              {
                label: t('contracts.details.accountManager'),
                value: vendor.vandorAcountManagerName,
              },
              { label: t('contracts.details.email'), value: mail(vendor.vandorAcountManagerEmail) },
              {
                label: t('contracts.details.phone'),
                value: formatPhone(vendor.vandorAcountManagerPhone),
              },
            ],
          },
          {
            title: t('contracts.companyContact'),
            icon: <BankOutlined />,
            items: [
              { label: t('contracts.form.divisionName'), value: division.divisionName },
              { label: t('contracts.form.divisionCostCenter'), value: division.divisionCostCenter },
              {
                label: t('contracts.details.owner'),
                value: division.companyContractOwnerName,
              },
              {
                label: t('contracts.details.email'),
                value: mail(division.companyContractOwnerEmail),
              },
              {
                label: t('contracts.details.phone'),
                value: formatPhone(division.companyContractOwnerPhone),
              },
            ],
          },
        ]}
      />
    </div>
  );
}

export function ContractList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { features } = useCurrentUser();
  const can = features.contract;
  const remove = useDeleteContract();
  const [reportOpen, setReportOpen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);

  const columns = useMemo<NonNullable<TableProps<ContractRecord>['columns']>>(() => {
    const base: NonNullable<TableProps<ContractRecord>['columns']> = [
      {
        title: t('contracts.contractNumber'),
        dataIndex: 'contractNumber',
        key: 'contractNumber',
        width: 124,
        render: (value: string) => <span className="cell-strong cell-nowrap">{value}</span>,
      },
      { title: t('contracts.name'), dataIndex: 'contractName', key: 'contractName' },
      { title: t('contracts.category'), dataIndex: 'category', key: 'category' },
      {
        title: t('contracts.signatureDate'),
        dataIndex: 'contractSignatureDate',
        key: 'contractSignatureDate',
        width: 120,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      {
        title: t('contracts.startDate'),
        dataIndex: 'startDate',
        key: 'startDate',
        width: 100,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      {
        title: t('contracts.endDate'),
        dataIndex: 'endDate',
        key: 'endDate',
        width: 100,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      { title: t('contracts.type'), dataIndex: 'contractType', key: 'contractType' },
      {
        title: t('contracts.value'),
        dataIndex: 'contractValue',
        key: 'contractValue',
        width: 112,
        align: 'right',
        className: 'cell-money',
        render: (value: number) => formatMoney(value),
      },
    ];
    if (can.addEdit || can.deleteFile) {
      base.push({
        title: <span className="sr-only">{t('records.actions')}</span>,
        key: 'actions',
        width: 96,
        align: 'right',
        render: (_, record) => (
          <RecordActions
            label={t('contracts.label')}
            module="contract"
            id={record.id}
            onEdit={can.addEdit ? () => navigate(`edit/${record.id}`) : undefined}
            onDelete={can.deleteFile ? () => remove.mutateAsync(record.id) : undefined}
          />
        ),
      });
    }
    return base;
  }, [t, can.addEdit, can.deleteFile, navigate, remove]);

  return (
    <div data-testid="contract-list-page">
      <ModuleHeader
        title={t('contracts.title')}
        subtitle={t('contracts.subtitle')}
        actions={
          <>
            {can.addEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate('add')}
                data-testid="contract-add"
              >
                {t('contracts.addContract')}
              </Button>
            )}
            <DownloadButton
              icon={<FileExcelOutlined />}
              onDownload={downloadContractList}
              disabled={!total}
              data-testid="contract-download-excel"
            >
              {t('records.downloadExcel')}
            </DownloadButton>
            {can.createReport && (
              <Button
                icon={<BarChartOutlined />}
                onClick={() => setReportOpen(true)}
                data-testid="contract-create-report"
              >
                {t('records.createReport')}
              </Button>
            )}
          </>
        }
      />
      <Card className="records-card">
        <InfiniteTable<ContractRecord>
          queryKey={contractListKey}
          fetchPage={fetchContractPage}
          columns={columns}
          rowKey="id"
          height={620}
          onTotalChange={setTotal}
          expandable={{
            expandedRowRender: (record) => <ContractDetails record={record} />,
            columnTitle: <span className="sr-only">{t('contracts.awardeeData')}</span>,
          }}
          data-testid="contract-table"
        />
      </Card>
      <ReportDialog
        open={reportOpen}
        title={t('contracts.report.dialogTitle')}
        onCancel={() => setReportOpen(false)}
        onCreate={({ year }) => {
          setReportOpen(false);
          navigate(`dashboard?year=${year}`);
        }}
      />
    </div>
  );
}

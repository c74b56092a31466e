/**
 * The contract list (spec 02 point 2): infinite scroll, each row expanding to Awardee's Data,
 * Vendor's Data and Company Contact; pencil with contract.addEdit, trash with
 * contract.deleteFile; Add Contract, Download Excel (disabled while the list is empty) and
 * Create Report (contract.createReport, asks a year).
 */
import { useMemo, useState } from 'react';
import { Button, Card, Tooltip, type TableProps } from 'antd';
import {
  BankOutlined,
  BarChartOutlined,
  EditOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { formatDate, formatMoney, formatPhone } from '@spotzcity/shared/format';
import { ApiError } from '../../../api/client.ts';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { useAlert } from '../../../components/alert-modal.tsx';
import { DeleteAction } from '../../../components/delete-action.tsx';
import { DetailSections } from '../../../components/detail-sections.tsx';
import { DiversityTags } from '../../../components/diversity.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
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
  const alert = useAlert();
  const { features } = useCurrentUser();
  const can = features.contract;
  const remove = useDeleteContract();
  const [reportOpen, setReportOpen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);

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
          <span className="row-actions">
            {can.addEdit && (
              <Tooltip title={t('records.editLabel', { label: t('contracts.label') })}>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('records.editLabel', { label: t('contracts.label') })}
                  onClick={() => navigate(`edit/${record.id}`)}
                  data-testid={`contract-edit-${record.id}`}
                />
              </Tooltip>
            )}
            {can.deleteFile && (
              <DeleteAction
                label={t('contracts.label')}
                data-testid={`contract-delete-${record.id}`}
                onConfirm={() =>
                  remove.mutateAsync(record.id).then(
                    (reply) => alert.showSuccess(reply.message),
                    (error: Error) => alert.showError(error.message),
                  )
                }
              />
            )}
          </span>
        ),
      });
    }
    return base;
  }, [t, can.addEdit, can.deleteFile, navigate, remove, alert]);

  const exportList = async () => {
    setDownloading(true);
    try {
      await downloadContractList();
    } catch (error) {
      alert.showError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  };

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
            <Button
              icon={<FileExcelOutlined />}
              onClick={() => void exportList()}
              loading={downloading}
              disabled={!total}
              data-testid="contract-download-excel"
            >
              {t('records.downloadExcel')}
            </Button>
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

/**
 * The contract list: infinite scroll, each row expanding to Awardee's Data,
 * Vendor's Data and Company Contact; pencil with contract.addEdit, trash with
 * contract.deleteFile; Add Contract, Download Excel (disabled while the list is empty) and
 * Create Report (contract.createReport, asks a year).
 */
import { useMemo } from 'react';
import { type TableProps } from 'antd';
import { BankOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { formatDate, formatMoney, formatPhone } from '@spotzcity/shared/format';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { DetailSections } from '../../../components/detail-sections.tsx';
import { DiversityTags } from '../../../components/diversity.tsx';
import { RecordListPage } from '../../../components/record-list-page.tsx';
import { useDeleteContract } from '../api/delete-contract.ts';
import { downloadContractList } from '../api/excel.ts';
import { contractKeys } from '../api/keys.ts';
import { fetchContractPage } from '../api/list-contracts.ts';

const mail = (address: string | null) =>
  address ? <a href={`mailto:${address}`}>{address}</a> : null;

/** What a delete button and its question call a contract. */
const contractName = (record: ContractRecord) => record.contractName;

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
  const { features } = useCurrentUser();
  const remove = useDeleteContract();

  const columns = useMemo<NonNullable<TableProps<ContractRecord>['columns']>>(
    () => [
      {
        title: t('contracts.contractNumber'),
        dataIndex: 'contractNumber',
        key: 'contractNumber',
        // Fifteen characters (the most a contract number holds) on one line; wider letters wrap
        // rather than hide the last ones under the next column.
        width: 150,
        render: (value: string) => <span className="cell-strong cell-break">{value}</span>,
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
    ],
    [t],
  );

  return (
    <RecordListPage<ContractRecord>
      module="contract"
      title={t('contracts.title')}
      subtitle={t('contracts.subtitle')}
      label={t('contracts.label')}
      nameOf={contractName}
      addLabel={t('contracts.addContract')}
      can={features.contract}
      remove={remove.mutateAsync}
      downloadList={downloadContractList}
      queryKey={contractKeys.list()}
      fetchPage={fetchContractPage}
      columns={columns}
      expandable={{
        expandedRowRender: (record) => <ContractDetails record={record} />,
        columnTitle: <span className="sr-only">{t('contracts.awardeeData')}</span>,
      }}
      report={{
        title: t('contracts.report.dialogTitle'),
        pathFor: ({ year }) => `dashboard?year=${year}`,
      }}
    />
  );
}

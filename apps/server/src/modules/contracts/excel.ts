/**
 * The contract workbooks: the list download and the year dashboard's Excel export, built from
 * records and figures the server computed (never from numbers the browser sent).
 */
import {
  contractDashboardTitle,
  type ContractMonth,
  type ContractRecord,
  type NewContract,
  type PercentageContract,
  type TotalDiverse,
} from '@spotzcity/shared/contracts';
import { NON_DIVERSE, diversityLabel } from '@spotzcity/shared/diversity';
import { excelDate, summary, type Sheet, type WorkbookMeta } from '../../platform/exports.ts';

const types = (list: string[]) => list.map(diversityLabel).join(', ');

export function contractListSheets(records: ContractRecord[]): Sheet[] {
  return [
    {
      name: 'Contracts',
      columns: [
        { header: 'Contract Number', key: 'contractNumber', width: 16 },
        { header: 'Contract Name', key: 'contractName', width: 32 },
        { header: 'Category', key: 'category', width: 20 },
        { header: 'Signature Date', key: 'signature', kind: 'date', width: 14 },
        { header: 'Start Date', key: 'start', kind: 'date', width: 12 },
        { header: 'End Date', key: 'end', kind: 'date', width: 12 },
        { header: 'Type', key: 'contractType', width: 24 },
        { header: 'Value', key: 'contractValue', kind: 'money', width: 16 },
        { header: 'Awardee ID', key: 'awardeeId', width: 12 },
        { header: 'Awardee Name', key: 'awardeeName', width: 30 },
        { header: 'Awardee Ethnicity', key: 'awardeeEthnicity', width: 18 },
        { header: 'Awardee Diversity', key: 'awardeeDiversity', width: 20 },
        { header: 'Vendor Account Manager', key: 'managerName', width: 22 },
        { header: 'Manager Email', key: 'managerEmail', width: 30 },
        { header: 'Manager Phone', key: 'managerPhone', width: 14 },
        { header: 'Division', key: 'divisionName', width: 22 },
        { header: 'Cost Center', key: 'costCenter', width: 12 },
        { header: 'Contract Owner', key: 'ownerName', width: 22 },
        { header: 'Owner Email', key: 'ownerEmail', width: 30 },
        { header: 'Owner Phone', key: 'ownerPhone', width: 14 },
      ],
      rows: records.map((c) => ({
        contractNumber: c.contractNumber,
        contractName: c.contractName,
        category: c.category,
        signature: excelDate(c.contractSignatureDate),
        start: excelDate(c.startDate),
        end: excelDate(c.endDate),
        contractType: c.contractType,
        contractValue: c.contractValue,
        awardeeId: c.awardeeVendorInfo.awardeeVandorIdNumber,
        awardeeName: c.awardeeVendorInfo.awardeeVandorName,
        awardeeEthnicity: c.awardeeVendorInfo.awardeeEthnicityCategory ?? '',
        awardeeDiversity: types(c.awardeeVendorInfo.awardeeDivercityCategory),
        managerName: c.vendorAccount.vandorAcountManagerName ?? '',
        managerEmail: c.vendorAccount.vandorAcountManagerEmail ?? '',
        managerPhone: c.vendorAccount.vandorAcountManagerPhone ?? '',
        divisionName: c.divisionInfo.divisionName,
        costCenter: c.divisionInfo.divisionCostCenter ?? '',
        ownerName: c.divisionInfo.companyContractOwnerName,
        ownerEmail: c.divisionInfo.companyContractOwnerEmail ?? '',
        ownerPhone: c.divisionInfo.companyContractOwnerPhone ?? '',
      })),
    },
  ];
}

export interface ContractDashboardFigures {
  year: number;
  months: ContractMonth[];
  total: TotalDiverse;
  percentage: PercentageContract;
  newContracts: NewContract[];
  analysis?: string | undefined;
}

export function contractDashboardWorkbook(figures: ContractDashboardFigures): {
  meta: WorkbookMeta;
  sheets: Sheet[];
} {
  const { year, months, total, percentage } = figures;
  return {
    meta: {
      title: contractDashboardTitle(year),
      parameters: [
        ['Year', summary.year(year)],
        [`Contracts in force at some point of ${year}`, summary.integer(total.totalContracts)],
        ['Total diverse contracts', summary.integer(total.totalDiverseContracts)],
        ['Diverse suppliers', summary.integer(total.diverseSuppliers)],
        ['Diverse share of contracts', summary.percent(percentage.diverse)],
        [`New contracts (starting in ${year})`, summary.integer(figures.newContracts.length)],
      ],
      analysis: figures.analysis,
    },
    sheets: [
      {
        name: 'Per Month',
        columns: [
          { header: 'Month', key: 'month', width: 8 },
          { header: 'Completed Contracts', key: 'completed', kind: 'integer', width: 20 },
          { header: 'Diverse', key: 'completedDiverse', kind: 'integer', width: 10 },
          {
            header: diversityLabel(NON_DIVERSE),
            key: 'completedNonDiverse',
            kind: 'integer',
            width: 12,
          },
          { header: 'Diverse Contract Value', key: 'diverseValue', kind: 'money', width: 22 },
        ],
        rows: months.map((m) => ({ ...m, month: `${m.month} ${year}` })),
      },
      {
        name: 'Percent of Contracts',
        columns: [
          { header: 'Awardee', key: 'label', width: 16 },
          { header: 'Contracts', key: 'count', kind: 'integer', width: 12 },
          { header: 'Percent', key: 'percent', kind: 'percent', width: 10 },
        ],
        rows: [
          { label: 'Diverse', count: percentage.diverseCount, percent: percentage.diverse },
          {
            label: diversityLabel(NON_DIVERSE),
            count: percentage.nonDiverseCount,
            percent: percentage.nonDiverse,
          },
        ],
      },
      {
        name: 'New Contracts',
        columns: [
          { header: 'Supplier Name', key: 'supplierName', width: 30 },
          { header: 'Diversity', key: 'diversity', width: 20 },
          { header: 'Contract Value', key: 'contractValue', kind: 'money', width: 16 },
          { header: 'Contract Number', key: 'contractNumber', width: 16 },
          { header: 'Contract Name', key: 'contractName', width: 32 },
          { header: 'Start Date', key: 'startDate', kind: 'date', width: 12 },
        ],
        rows: figures.newContracts.map((c) => ({
          ...c,
          diversity: types(c.diversity),
          startDate: excelDate(c.startDate),
        })),
      },
    ],
  };
}

/** A contract as the spec's form sends it (modules/contracts), for the tests that save one. */
export type ContractBody = Record<string, unknown>;

let serial = 0;
/** A valid contract with a new number each time; `over` replaces fields. */
export const validContract = (over: ContractBody = {}): ContractBody => ({
  contractNumber: `CN-${++serial}`,
  contractName: 'Fleet maintenance services',
  category: 'Fleet',
  contractSignatureDate: '2025-01-10T00:00:00-06:00',
  startDate: '2025-02-01T00:00:00-06:00',
  endDate: '2026-01-31T23:59:59-06:00',
  contractType: 'Master Services Agreement',
  contractValue: 480000.5,
  offset: 360,
  awardeeVendorInfo: {
    awardeeVandorIdNumber: 'V-10442',
    awardeeVandorName: 'Riverside Fleet Services',
    awardeeEthnicityCategory: 'Hispanic',
    awardeeDivercityCategory: ['MBE', 'SBE'],
  },
  vendorAccount: {
    vandorAcountManagerName: 'Luis Ortega',
    vandorAcountManagerEmail: 'luis.ortega@riversidefleet.example',
    vandorAcountManagerPhone: '3125550199',
  },
  divisionInfo: {
    divisionName: 'Operations',
    divisionCostCenter: 'CC-4100',
    companyContractOwnerName: 'Dana Whitfield',
    companyContractOwnerEmail: 'dana.whitfield@acme.example',
    companyContractOwnerPhone: '3125550147',
  },
  ...over,
});

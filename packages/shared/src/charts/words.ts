/**
 * The words of the dashboards' charts and tables, as the screens (apps/web/src/i18n/en.ts spreads
 * them into its sections) and the server's reports show them: written once. No imports, so the
 * web's language bundle takes only these strings.
 */

/** The words of the three dashboards: chart and table titles as the screen and reports show them. */
export const SPEND_WORDS = {
  diversePerQuarter: 'Diverse Suppliers Trending per Quarter',
  supplierMap: 'Diverse Supplier Locations',
  diversePerMonth: 'Diverse Suppliers Used per Month',
  stateTable: 'Diverse Suppliers by State',
  state: 'State',
  diverseSuppliers: 'Diverse Suppliers',
  diverseSpend: 'Diverse Spend',
  spendPerDiversity: 'Percent of Spend per Diversity',
  /** Which base the shares use: `spendBaseLine` (@spotzcity/shared/spend-dashboards). */
  notAddressableShare: 'A non-addressable category has no share of addressable spend.',
  spendMom: 'Month over Month Spend per Diversity',
  twelveMonthTotal: '12-Month Total',
  diversity: 'Diversity',
  diverseByYear: 'Diverse vs Non Diverse Spend by Year',
  totalSpend: 'Total Spend',
  spendAnalysis: 'Spend Analysis',
  supplierAnalysis: 'Supplier Analysis',
  categoryAnalysis: 'Category Analysis',
  categoryBar: 'Spend per Category',
  categoryPie: 'Share of Spend per Category',
  maxCategory: 'Maximum',
  minCategory: 'Minimum',
  topCategories: 'Top Categories',
  categoryName: 'Category',
  totalSuppliers: 'Total # Suppliers',
  supplierShare: '% Of Suppliers',
  /** Under Top Categories when the shares of suppliers add up to more than 100%. */
  supplierShareNote:
    'A supplier can count in several categories, so % Of Suppliers can add up to more than 100%.',
  spendAmount: 'Spend',
  spendShare: '% Of Spend',
  partialQuarter: 'partial',
  partialNote: 'A partial quarter holds only the months paid so far: its count is not a drop.',
} as const;

export const COST_WORDS = {
  title: 'Cost Savings Dashboard',
  totalCostSavings: 'Total Cost Savings',
  analysis: 'Cost Savings Analysis',
  perCategory: 'Savings Per Category',
  byDiversity: 'Savings by Diversity',
  direct: 'Direct',
  indirect: 'Indirect',
  category: 'Category',
  savings: 'Savings',
  savingsPerYear: 'Savings Per Year',
  years: 'Years',
  allYears: 'All years',
  savingsAxis: 'Savings ($)',
} as const;

export const MARKET_WORDS = {
  title: 'Market Share Dashboard',
  byCategory: 'Market Share Diverse vs Non Diverse By Category',
  diverseRevenue: 'Diverse Revenue By {{span}}',
  nonDiverseRevenue: 'Non-Diverse Revenue By {{span}}',
  overallSpend: 'Overall Spend',
  diverseSpend: 'Total Diverse Spend',
  nonDiverseSpend: 'Total Non Diverse Spend',
  diverseShare: 'Total Diverse Market Share',
  nonDiverseShare: 'Total Non Diverse Market Share',
  analysis: 'Market Share Analysis',
  spendAxis: 'Spend($)',
  diverse: 'Diverse',
  nonDiverse: 'Non Diverse',
} as const;

/** Without 'Non Diverse', which contracts.ts adds from the one `DIVERSITY_LABELS`. */
export const CONTRACT_TITLES = {
  totalDiverse: 'Total Diverse Contracts',
  percent: 'Percent of Contracts',
  diverseValue: 'Diverse Contract Value',
  newContracts: 'New Contracts',
  completedTitle: 'Completed Contracts per Month',
  completedSubtitle: 'Contracts ending in each month',
  percentTitle: 'Percent of Contracts',
  percentSubtitle: 'Diverse vs non-diverse awardees, contracts in force',
  valueTitle: 'Diverse Contract Value per Month',
  valueSubtitle: 'Value of the diverse contracts ending in each month',
  newTitle: 'New Contracts',
  supplierName: 'Supplier Name',
  diversity: 'Diversity',
  contractValue: 'Contract Value',
  diverse: 'Diverse',
  contracts: 'Contracts',
  axisValue: 'Values ($)',
  analysisTitle: 'Contract Analysis',
} as const;

export const RFX_WORDS = {
  chartTitle: 'Contract Value',
  axis: 'Values ($)',
  tableTitle: 'RFx in the period',
  rfx: 'RFx',
  rfxType: 'RFx Type',
  startDate: 'Start Date',
  submitted: 'Submitted',
  suppliers: 'Number of Suppliers',
  status: 'Status',
  analysisTitle: 'RFx Analysis',
} as const;

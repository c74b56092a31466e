/**
 * Contracts (spec 02 points 2, 3, 5, 7): the add/edit body with its awardee, vendor-account and
 * division sections and every rule and message, the record the list answers, and the year
 * dashboard's figures. Used by the server's routes and by the web form alike.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { excelDataSchema } from './reports.ts';
import { diversityCategories, optionalEthnicity } from './diversity.ts';
import { MONTHS } from './enums.ts';
import {
  LIMITS,
  MESSAGES,
  absentAs,
  calendarDate,
  isCalendarDate,
  numeric,
  optionalDigits,
  optionalEmail,
  optionalText,
  recordId,
  requiredAmount,
  requiredText,
  withWallDates,
} from './validation.ts';

export const CONTRACT_LIMITS = {
  contractNumber: 15,
  text: 50,
  awardeeId: 15,
  contractValue: 1_000_000_000,
} as const;

export const CONTRACT_MESSAGES = {
  duplicateNumber: 'A contract with this number already exists.',
  notFound: 'Contract not found',
} as const;

/** Suggestions for the free-text contract type (any text up to 50 characters is accepted). */
export const CONTRACT_TYPE_SUGGESTIONS = [
  'Fixed Price',
  'Time and Materials',
  'Master Services Agreement',
  'Blanket Purchase Agreement',
  'Cost Plus',
  'Subscription',
  'Unit Price',
] as const;

/** A section object that may be left out: its required fields then say 'Required'. */
const section = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((value) => value ?? {}, z.object(shape));

const { text, contractNumber, awardeeId, contractValue } = CONTRACT_LIMITS;

export const awardeeVendorInfoSchema = section({
  awardeeVandorIdNumber: requiredText(awardeeId),
  awardeeVandorName: requiredText(text),
  awardeeEthnicityCategory: optionalEthnicity(),
  awardeeDivercityCategory: diversityCategories(),
});

// Every field optional: so is the section, in the API document too.
export const vendorAccountSchema = absentAs(
  z.object({
    vandorAcountManagerName: optionalText(text),
    vandorAcountManagerEmail: optionalEmail(),
    vandorAcountManagerPhone: optionalDigits(LIMITS.phoneMax),
  }),
  {},
);

export const divisionInfoSchema = section({
  divisionName: requiredText(text),
  divisionCostCenter: optionalText(text),
  companyContractOwnerName: requiredText(text),
  companyContractOwnerEmail: optionalEmail(),
  companyContractOwnerPhone: optionalDigits(LIMITS.phoneMax),
});

const inOrder = (earlier: unknown, later: unknown) =>
  !(isCalendarDate(earlier) && isCalendarDate(later)) || earlier <= later;

/**
 * `POST /api/contract/create` (add) and `PUT /api/contract/create` (update, with `id`). The
 * signature date may not be after the start date, nor the start date after the end date
 * ('Enter Valid Date' on the later field of the pair).
 */
export const contractSchema = z.preprocess(
  withWallDates(['contractSignatureDate', 'startDate', 'endDate']),
  z
    .object({
      id: recordId().optional(),
      contractNumber: requiredText(contractNumber),
      contractName: requiredText(text),
      category: requiredText(text),
      contractSignatureDate: calendarDate(MESSAGES.invalidDatePlain),
      startDate: calendarDate(MESSAGES.invalidDatePlain),
      endDate: calendarDate(MESSAGES.invalidDatePlain),
      contractType: requiredText(text),
      contractValue: requiredAmount(contractValue),
      offset: numeric(z.number().int().min(-840).max(840)).optional(),
      awardeeVendorInfo: awardeeVendorInfoSchema,
      vendorAccount: vendorAccountSchema,
      divisionInfo: divisionInfoSchema,
    })
    .refine((c) => inOrder(c?.contractSignatureDate, c?.startDate), {
      path: ['startDate'],
      error: MESSAGES.invalidDatePlain,
      when: () => true,
    })
    .refine((c) => inOrder(c?.startDate, c?.endDate), {
      path: ['endDate'],
      error: MESSAGES.invalidDatePlain,
      when: () => true,
    }),
);
export type ContractInput = z.infer<typeof contractSchema>;

export const contractIdSchema = z.object({
  id: recordId(),
});

export const contractRecordSchema = z.object({
  id: z.number().int(),
  contractNumber: z.string(),
  contractName: z.string(),
  category: z.string(),
  contractSignatureDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  contractType: z.string(),
  contractValue: z.number(),
  offset: z.number().int().nullable(),
  awardeeVendorInfo: z.object({
    awardeeVandorIdNumber: z.string(),
    awardeeVandorName: z.string(),
    awardeeEthnicityCategory: z.string().nullable(),
    awardeeDivercityCategory: z.array(z.string()),
  }),
  vendorAccount: z.object({
    vandorAcountManagerName: z.string().nullable(),
    vandorAcountManagerEmail: z.string().nullable(),
    vandorAcountManagerPhone: z.string().nullable(),
  }),
  divisionInfo: z.object({
    divisionName: z.string(),
    divisionCostCenter: z.string().nullable(),
    companyContractOwnerName: z.string(),
    companyContractOwnerEmail: z.string().nullable(),
    companyContractOwnerPhone: z.string().nullable(),
  }),
});
export type ContractRecord = z.infer<typeof contractRecordSchema>;

/** The dashboard's parameter: a calendar year. */
export const contractYearSchema = z.object({
  year: numeric(z.number({ error: MESSAGES.required }).int().min(1900).max(2200)),
});
export type ContractYear = z.infer<typeof contractYearSchema>;

export const topNewContractRequestSchema = pageRequestSchema.extend(contractYearSchema.shape);

/** A contract that starts in the year (the new-contracts table). */
export const newContractSchema = z.object({
  id: z.number().int(),
  contractNumber: z.string(),
  contractName: z.string(),
  supplierName: z.string(),
  diversity: z.array(z.string()),
  contractValue: z.number(),
  startDate: z.string(),
});
export type NewContract = z.infer<typeof newContractSchema>;

/** Contracts in force during the year with a diverse awardee, of all contracts in force. */
export const totalDiverseSchema = z.object({
  totalDiverseContracts: z.number().int(),
  totalContracts: z.number().int(),
  diverseSuppliers: z.number().int(),
});
export type TotalDiverse = z.infer<typeof totalDiverseSchema>;

/** Diverse vs non-diverse share of the contracts in force during the year (percent, 2 decimals). */
export const percentageContractSchema = z.object({
  diverse: z.number(),
  nonDiverse: z.number(),
  diverseCount: z.number().int(),
  nonDiverseCount: z.number().int(),
});
export type PercentageContract = z.infer<typeof percentageContractSchema>;

/** Per month of the year: contracts completing (ending) and the value of the diverse ones. */
export const contractMonthSchema = z.object({
  month: z.enum(MONTHS),
  completed: z.number().int(),
  completedDiverse: z.number().int(),
  completedNonDiverse: z.number().int(),
  diverseValue: z.number(),
});
export type ContractMonth = z.infer<typeof contractMonthSchema>;
export const contractMonthsSchema = z.array(contractMonthSchema);

/** `spendData` of `POST /api/excel/contract`: the year and the analysis text (figures ignored). */
export const contractExcelDataSchema = excelDataSchema(contractYearSchema);

export const contractDashboardTitle = (year: number) => `Contracts Dashboard ${year}`;

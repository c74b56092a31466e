/** Named value sets of spec 01/02 point 9, shared by server validation, seeds and web forms. */

export const DIVERSITY_TYPES = [
  'MBE',
  'WBE',
  'VBE',
  'SDVBE',
  'DoBE',
  'LGBTBE',
  'DBE',
  'SBE',
  'SDB',
  '8A',
  'HUB',
  'NON_DIVERSE',
] as const;
export type DiversityType = (typeof DIVERSITY_TYPES)[number];

export const ETHNICITY_CATEGORIES = [
  'Black',
  'Asian Pacific',
  'Asian Indian',
  'Hispanic',
  'Native American',
  'Multi-Ethnic Business',
] as const;
export type EthnicityCategory = (typeof ETHNICITY_CATEGORIES)[number];

export const GENDERS = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof GENDERS)[number];

export const CLIENT_TYPES = ['BUYER', 'SUPPLIER', 'SUPER_ADMIN'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CLIENT_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
export const CONTRACT_YEARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The 50 US states, code and name. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

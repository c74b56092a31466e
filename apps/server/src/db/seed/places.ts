/**
 * US places for generated suppliers: each state's share of businesses (roughly its share of the
 * population) and a few of its cities with a ZIP prefix.
 */
export interface StatePlaces {
  state: string;
  weight: number;
  cities: readonly (readonly [city: string, zip3: string])[];
}

export const PLACES: readonly StatePlaces[] = [
  {
    state: 'CA',
    weight: 118,
    cities: [
      ['Los Angeles', '900'],
      ['San Jose', '951'],
      ['San Diego', '921'],
      ['Oakland', '946'],
      ['Fresno', '937'],
    ],
  },
  {
    state: 'TX',
    weight: 90,
    cities: [
      ['Houston', '770'],
      ['Dallas', '752'],
      ['Austin', '787'],
      ['San Antonio', '782'],
      ['Fort Worth', '761'],
    ],
  },
  {
    state: 'FL',
    weight: 66,
    cities: [
      ['Miami', '331'],
      ['Tampa', '336'],
      ['Orlando', '328'],
      ['Jacksonville', '322'],
    ],
  },
  {
    state: 'NY',
    weight: 59,
    cities: [
      ['New York', '100'],
      ['Buffalo', '142'],
      ['Rochester', '146'],
      ['Albany', '122'],
    ],
  },
  {
    state: 'PA',
    weight: 39,
    cities: [
      ['Philadelphia', '191'],
      ['Pittsburgh', '152'],
      ['Allentown', '181'],
    ],
  },
  {
    state: 'IL',
    weight: 38,
    cities: [
      ['Chicago', '606'],
      ['Naperville', '605'],
      ['Peoria', '616'],
      ['Rockford', '611'],
    ],
  },
  {
    state: 'OH',
    weight: 35,
    cities: [
      ['Columbus', '432'],
      ['Cleveland', '441'],
      ['Cincinnati', '452'],
      ['Toledo', '436'],
    ],
  },
  {
    state: 'GA',
    weight: 33,
    cities: [
      ['Atlanta', '303'],
      ['Savannah', '314'],
      ['Augusta', '309'],
    ],
  },
  {
    state: 'NC',
    weight: 33,
    cities: [
      ['Charlotte', '282'],
      ['Raleigh', '276'],
      ['Greensboro', '274'],
      ['Durham', '277'],
    ],
  },
  {
    state: 'MI',
    weight: 30,
    cities: [
      ['Detroit', '482'],
      ['Grand Rapids', '495'],
      ['Lansing', '489'],
      ['Ann Arbor', '481'],
    ],
  },
  {
    state: 'NJ',
    weight: 28,
    cities: [
      ['Newark', '071'],
      ['Jersey City', '073'],
      ['Trenton', '086'],
    ],
  },
  {
    state: 'VA',
    weight: 26,
    cities: [
      ['Richmond', '232'],
      ['Virginia Beach', '234'],
      ['Arlington', '222'],
    ],
  },
  {
    state: 'WA',
    weight: 23,
    cities: [
      ['Seattle', '981'],
      ['Spokane', '992'],
      ['Tacoma', '984'],
    ],
  },
  {
    state: 'AZ',
    weight: 22,
    cities: [
      ['Phoenix', '850'],
      ['Tucson', '857'],
      ['Mesa', '852'],
    ],
  },
  {
    state: 'TN',
    weight: 21,
    cities: [
      ['Nashville', '372'],
      ['Memphis', '381'],
      ['Knoxville', '379'],
    ],
  },
  {
    state: 'MA',
    weight: 21,
    cities: [
      ['Boston', '021'],
      ['Worcester', '016'],
      ['Springfield', '011'],
    ],
  },
  {
    state: 'IN',
    weight: 20,
    cities: [
      ['Indianapolis', '462'],
      ['Fort Wayne', '468'],
      ['Evansville', '477'],
    ],
  },
  {
    state: 'MD',
    weight: 18,
    cities: [
      ['Baltimore', '212'],
      ['Rockville', '208'],
      ['Annapolis', '214'],
    ],
  },
  {
    state: 'MO',
    weight: 18,
    cities: [
      ['Kansas City', '641'],
      ['St. Louis', '631'],
      ['Springfield', '658'],
    ],
  },
  {
    state: 'WI',
    weight: 18,
    cities: [
      ['Milwaukee', '532'],
      ['Madison', '537'],
      ['Green Bay', '543'],
    ],
  },
  {
    state: 'CO',
    weight: 17,
    cities: [
      ['Denver', '802'],
      ['Colorado Springs', '809'],
      ['Boulder', '803'],
    ],
  },
  {
    state: 'MN',
    weight: 17,
    cities: [
      ['Minneapolis', '554'],
      ['St. Paul', '551'],
      ['Rochester', '559'],
    ],
  },
  {
    state: 'SC',
    weight: 16,
    cities: [
      ['Charleston', '294'],
      ['Columbia', '292'],
      ['Greenville', '296'],
    ],
  },
  {
    state: 'AL',
    weight: 15,
    cities: [
      ['Birmingham', '352'],
      ['Huntsville', '358'],
      ['Mobile', '366'],
    ],
  },
  {
    state: 'LA',
    weight: 14,
    cities: [
      ['New Orleans', '701'],
      ['Baton Rouge', '708'],
      ['Shreveport', '711'],
    ],
  },
  {
    state: 'KY',
    weight: 13,
    cities: [
      ['Louisville', '402'],
      ['Lexington', '405'],
    ],
  },
  {
    state: 'OR',
    weight: 13,
    cities: [
      ['Portland', '972'],
      ['Eugene', '974'],
      ['Salem', '973'],
    ],
  },
  {
    state: 'OK',
    weight: 12,
    cities: [
      ['Oklahoma City', '731'],
      ['Tulsa', '741'],
    ],
  },
  {
    state: 'CT',
    weight: 11,
    cities: [
      ['Hartford', '061'],
      ['New Haven', '065'],
      ['Stamford', '069'],
    ],
  },
  {
    state: 'UT',
    weight: 10,
    cities: [
      ['Salt Lake City', '841'],
      ['Provo', '846'],
    ],
  },
  {
    state: 'IA',
    weight: 10,
    cities: [
      ['Des Moines', '503'],
      ['Cedar Rapids', '524'],
    ],
  },
  {
    state: 'NV',
    weight: 10,
    cities: [
      ['Las Vegas', '891'],
      ['Reno', '895'],
    ],
  },
  {
    state: 'AR',
    weight: 9,
    cities: [
      ['Little Rock', '722'],
      ['Fayetteville', '727'],
    ],
  },
  {
    state: 'MS',
    weight: 9,
    cities: [
      ['Jackson', '392'],
      ['Gulfport', '395'],
    ],
  },
  {
    state: 'KS',
    weight: 9,
    cities: [
      ['Wichita', '672'],
      ['Overland Park', '662'],
    ],
  },
  {
    state: 'NM',
    weight: 6,
    cities: [
      ['Albuquerque', '871'],
      ['Santa Fe', '875'],
    ],
  },
  {
    state: 'NE',
    weight: 6,
    cities: [
      ['Omaha', '681'],
      ['Lincoln', '685'],
    ],
  },
  {
    state: 'ID',
    weight: 6,
    cities: [
      ['Boise', '837'],
      ['Idaho Falls', '834'],
    ],
  },
  {
    state: 'WV',
    weight: 5,
    cities: [
      ['Charleston', '253'],
      ['Morgantown', '265'],
    ],
  },
  {
    state: 'HI',
    weight: 4,
    cities: [
      ['Honolulu', '968'],
      ['Hilo', '967'],
    ],
  },
  {
    state: 'NH',
    weight: 4,
    cities: [
      ['Manchester', '031'],
      ['Nashua', '030'],
    ],
  },
  {
    state: 'ME',
    weight: 4,
    cities: [
      ['Portland', '041'],
      ['Bangor', '044'],
    ],
  },
  {
    state: 'RI',
    weight: 3,
    cities: [
      ['Providence', '029'],
      ['Warwick', '028'],
    ],
  },
  {
    state: 'MT',
    weight: 3,
    cities: [
      ['Billings', '591'],
      ['Missoula', '598'],
    ],
  },
  {
    state: 'DE',
    weight: 3,
    cities: [
      ['Wilmington', '198'],
      ['Dover', '199'],
    ],
  },
  {
    state: 'SD',
    weight: 3,
    cities: [
      ['Sioux Falls', '571'],
      ['Rapid City', '577'],
    ],
  },
  {
    state: 'ND',
    weight: 2,
    cities: [
      ['Fargo', '581'],
      ['Bismarck', '585'],
    ],
  },
  {
    state: 'AK',
    weight: 2,
    cities: [
      ['Anchorage', '995'],
      ['Fairbanks', '997'],
    ],
  },
  {
    state: 'VT',
    weight: 2,
    cities: [
      ['Burlington', '054'],
      ['Montpelier', '056'],
    ],
  },
  {
    state: 'WY',
    weight: 2,
    cities: [
      ['Cheyenne', '820'],
      ['Casper', '826'],
    ],
  },
];

import * as XLSX from '@e965/xlsx';

/**
 * Home Office occupation visas workbooks built in the layouts third parties saw in the real files
 * (`_publishers/LAYOUTS.md` §1): the SOC 2020 editions (sheets `Data_Occ_D01`/`Data_Occ_D02`,
 * three title rows, the header on row 4, 12 columns) and a SOC 2010 edition (header on row 2,
 * 14 columns with `Occupation` and `SOC code`). The figures are made up, deterministic, with `*`
 * in unit group (every row before 2024 Q4, and some after), nationality and region.
 */

const SOC2020_HEADER = [
  'Year',
  'Quarter',
  'Nationality',
  'Region',
  'Visa type',
  'Visa type subgroup',
  'Industry',
  'Occ. major group',
  'Occ. sub-major group',
  'Occ. minor group',
  'Occ. unit group',
] as const;

const SOC2010_HEADER = [
  'Year',
  'Quarter',
  'Nationality',
  'Region',
  'Visa type',
  'Visa type subgroup',
  'Occupation',
  'Industry',
  'SOC code',
  'Occ. major group',
  'Occ. sub-major group',
  'Occ. minor group',
  'Occ. unit group',
] as const;

/** The occupations the built file lists: unit group, minor, sub-major and major group cells. */
const OCCUPATIONS = [
  ['2231 - Nurses', '223 - Nursing Professionals', '22 - Health Professionals', '2 - Professional Occupations'],
  [
    '6135 - Care workers and home carers',
    '613 - Caring Personal Services',
    '61 - Caring Personal Service Occupations',
    '6 - Caring, Leisure and Other Service Occupations',
  ],
  [
    '2134 - Programmers and software development professionals',
    '213 - Information Technology Professionals',
    '21 - Science, Research, Engineering and Technology Professionals',
    '2 - Professional Occupations',
  ],
  [
    '9111 - Farm workers',
    '911 - Elementary Agricultural Occupations',
    '91 - Elementary Trades and Related Occupations',
    '9 - Elementary Occupations',
  ],
] as const;

/** Route (visa type subgroup) and its visa type. */
const ROUTES = [
  ['Skilled Worker', 'Worker'],
  ['Health and Care Worker', 'Worker'],
  ['Intra-company Transfer', 'Worker'],
  ['Seasonal Worker (previously Tier 5)', 'Temporary Worker'],
] as const;

const NATIONALITIES = [
  'India',
  'Nigeria',
  'Zimbabwe',
  'Philippines',
  'Pakistan',
  'Ghana',
  'Kenya',
  'Sri Lanka',
  'Bangladesh',
  'Nepal',
  'United States',
  'Egypt',
  '*',
];

/** SIC sections as the file names them, the administrative one in both its spellings. */
export const ADMIN_SPELLINGS = [
  'Administrative and Support Service Activities',
  'Administrative and Support Activities',
] as const;
const INDUSTRIES = [
  'Human Health and Social Work Activities',
  'Information and Communications',
  'Agriculture, Forestry and Fishing',
  'Professional, Scientific and Technical Activities',
  'Accommodation and Food Service Activities',
  'Education',
  ...ADMIN_SPELLINGS,
];

export const BUILT_QUARTERS = ['2024 Q3', '2024 Q4', '2025 Q1', '2025 Q2', '2025 Q3'] as const;
/** The quarter of the built file that stops at the minor group, as every quarter before 2024 Q4 does. */
export const MINOR_GROUP_ONLY = '2024 Q3';

type Row = (string | number)[];

/** The quarter the built file's Notes name as the first provisional one. */
export const PROVISIONAL_FROM = '2025 Q2';

/**
 * The Notes sheet in the layout of government accessible spreadsheets (a title, a line, then the
 * `Note number` | `Note text` table: ONS's accessibletablesR writes it so, and the data sheets'
 * `Link to notes` rows are that convention's), its texts in the Home Office's words (issue 50).
 */
const NOTES: Row[] = [
  ['Notes'],
  ['This worksheet contains one table.'],
  ['Note number', 'Note text'],
  ['Note 1', 'Unit groups are shown from 2024 Q4; earlier quarters reach the minor group only.'],
  ['Note 2', 'Q2 2025 onwards is provisional and may be revised in later editions.'],
  ['Note 3', 'Quarters from Q1 2021 to Q3 2024 are modelled estimates converted from SOC 2010.'],
];

/** A small deterministic generator (an LCG), so the file is the same every run and few counts tie. */
function counter(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return 1 + (state % max);
  };
}

/** The data rows of both sheets, without the count column's label: [row cells..., applications, grants]. */
function dataRows(): { cells: string[]; applications: number; grants: number }[] {
  const next = counter(20260827);
  const rows: { cells: string[]; applications: number; grants: number }[] = [];
  for (const quarter of BUILT_QUARTERS) {
    OCCUPATIONS.forEach(([unit, minor, subMajor, major], o) => {
      for (let k = 0; k < 14; k++) {
        const [route, type] = ROUTES[(o + k) % ROUTES.length]!;
        const nationality = NATIONALITIES[(o * 5 + k * 3 + quarter.length) % NATIONALITIES.length]!;
        const industry = INDUSTRIES[(o + k * 2) % INDUSTRIES.length]!;
        // Before 2024 Q4 the unit group is withheld; after it, now and then too.
        const shownUnit = quarter === MINOR_GROUP_ONLY || (quarter === '2025 Q2' && k === 13) ? '*' : unit;
        const grants = next(40 * (o + 1));
        rows.push({
          cells: [
            quarter.slice(0, 4),
            quarter,
            nationality,
            k % 3 === 0 ? '*' : 'Asia Central',
            type,
            route,
            industry,
            major,
            subMajor,
            minor,
            shownUnit,
          ],
          applications: grants + next(9) - 1,
          grants,
        });
      }
    });
  }
  return rows;
}

function sheetOf(rows: Row[]): XLSX.WorkSheet {
  return XLSX.utils.aoa_to_sheet(rows);
}

/** The workbook's bytes in the SOC 2020 layout, or (`soc2010`) the older layout the parser must refuse. */
export function visaWorkbook(layout: 'soc2020' | 'soc2010' = 'soc2020'): Uint8Array {
  const rows = dataRows();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    sheetOf([['Sponsored work visas by occupation and industry'], ['Built for the tests']]),
    'Cover Sheet',
  );
  XLSX.utils.book_append_sheet(book, sheetOf([['Contents']]), 'Contents');
  XLSX.utils.book_append_sheet(book, sheetOf(NOTES), 'Notes');
  XLSX.utils.book_append_sheet(book, sheetOf([['List of Fields']]), 'List of Fields');
  for (const [code, what, count] of [
    ['D01', 'Applications for entry clearance visas', 'Applications'],
    ['D02', 'Grants of entry clearance visas', 'Grants'],
  ] as const) {
    const title = `${what}, by occupation and industry, 2024 Q3 to 2025 Q3 - Dataset [Notes 1, 2, 3]`;
    const value = (r: (typeof rows)[number]) => (count === 'Grants' ? r.grants : r.applications);
    const sheet: Row[] =
      layout === 'soc2020'
        ? [
            [title],
            ['Link to notes'],
            ['Link to contents'],
            [...SOC2020_HEADER, count],
            ...rows.map((r) => [...r.cells, value(r)]),
          ]
        : [
            [title],
            [...SOC2010_HEADER, count],
            ...rows.map((r) => {
              const [year, quarter, nat, region, type, route, industry, major, subMajor, minor, unit] = r.cells;
              return [
                year!,
                quarter!,
                nat!,
                region!,
                type!,
                route!,
                unit!,
                industry!,
                unit!.slice(0, 4),
                major!,
                subMajor!,
                minor!,
                unit!,
                value(r),
              ];
            }),
          ];
    XLSX.utils.book_append_sheet(book, sheetOf([[`Occ_${code}`]]), `Occ_${code}`);
    XLSX.utils.book_append_sheet(book, sheetOf(sheet), `Data_Occ_${code}`);
  }
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

/** A data sheet of a built (or any) workbook as records keyed by its header's labels, for tests to sum on their own. */
export function sheetRecords(bytes: Uint8Array, sheet: string): Record<string, string | number>[] {
  const book = XLSX.read(bytes, { type: 'buffer', sheets: [sheet] });
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets[sheet]!, { header: 1, defval: '' });
  const h = rows.findIndex((r) => r[0] === 'Year');
  return rows.slice(h + 1).map((r) => Object.fromEntries(rows[h]!.map((label, i) => [String(label), r[i]!])));
}

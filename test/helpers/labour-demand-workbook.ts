import * as XLSX from '@e965/xlsx';
import type { Cell } from '../../src/ingest/formats/workbook.js';

/**
 * ONS's labour demand workbook (`labourdemandbyoccupation.xlsx`) built by the test in the layout
 * the evidence shows (`_publishers/LAYOUTS.md` §2): sheets Cover sheet, Table of contents, Notes,
 * Table 1 to Table 7, each table's header on row 5 under four rows of title and notes; Table 3
 * `Region, SOC 4 digit code, SOC 4 digit label, Jan-17 …` (areas in blocks, `Total UK` first, each
 * with an `Unknown` row); Table 5 `Region, ITL2, Local Authority District, SOC 4 digit code, SOC 4
 * digit label, Local Authority Code, 2017Q1 …` (London one area with no code). Figures are made up,
 * small and deterministic; the tests recompute what they expect from the cells returned here.
 * `before-july-2025` builds the earlier layout (2-digit SOC tables, numbered 1 to 12), which the
 * parser must refuse.
 */

export const MONTHS = monthHeaders('Jan-17', 'Jul-26');
export const QUARTERS = quarterHeaders(2017, 2026, 2);
/** Unit groups of the built tables. */
export const SOCS = ['2134', '2231', '6135', '9111'];
const LABELS: Record<string, string> = {
  '2134': 'Programmers and software development professionals',
  '2231': 'Nursing professionals',
  '6135': 'Care workers and home carers',
  '9111': 'Farm workers',
};
/** Table 3's areas, in the workbook's order. */
const REGIONS = ['Total UK', 'East Midlands', 'London', 'Wales'];
/** Table 5's areas: region, ITL2, district, code ('' for London). */
export const DISTRICTS: [string, string, string, string][] = [
  ['East Midlands', 'Lincolnshire', 'Lincoln', 'E07000138'],
  ['East Midlands', 'Nottinghamshire', 'Newark and Sherwood', 'E07000175'],
  ['London', 'London', 'London', ''],
  ['Wales', 'East Wales', 'Cardiff', 'W06000015'],
];
/** The month suppressed in every row (as ONS suppressed March 2026), and the quarter holding it. */
export const SUPPRESSED_MONTH = 'Mar-26';
const SUPPRESSED_QUARTER = '2026Q1';

export const NOTICES = [
  {
    heading: 'About this data',
    text: 'New online job adverts by occupation, from the adverts Textkernel collects. Counts may not add because of rounding.',
  },
  {
    heading: 'Quality notices',
    text: 'March 2026 is suppressed.\nJune 2026 is partially imputed; uncertainty has increased since November 2025.',
  },
  { heading: 'Note 1', text: 'Figures marked [x] are suppressed.' },
];

function monthHeaders(first: string, last: string): string[] {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const index = (label: string) => names.indexOf(label.slice(0, 3)) + 12 * Number(label.slice(4));
  const out: string[] = [];
  for (let i = index(first); i <= index(last); i++)
    out.push(`${names[i % 12]}-${String(Math.floor(i / 12)).padStart(2, '0')}`);
  return out;
}

function quarterHeaders(firstYear: number, lastYear: number, lastQuarter: number): string[] {
  const out: string[] = [];
  for (let y = firstYear; y <= lastYear; y++)
    for (let q = 1; q <= 4; q++) if (y < lastYear || q <= lastQuarter) out.push(`${y}Q${q}`);
  return out;
}

/** A made-up count; `[x]` and `[X]` in a few cells, and in every cell of the suppressed period. */
function figure(area: number, soc: number, period: number, header: string, suppressed: string): Cell {
  if (header === suppressed) return '[x]';
  if ((area * 7 + soc * 3 + period) % 23 === 0) return '[x]';
  if ((area * 5 + soc + period) % 31 === 0) return '[X]';
  return 10 * (area + 1) + 25 * (soc + 1) + ((period * 7 + soc * 3 + area) % 13);
}

const title = (text: string): Cell[][] => [[text], ['This worksheet contains one table.'], ['[x] = suppressed'], []];

interface BuiltLabourDemand {
  bytes: Uint8Array;
  /** Table 3's header and data rows, and Table 5's, as written. */
  table3: Cell[][];
  table5: Cell[][];
}

export function labourDemandWorkbook(
  options: { layout?: 'current' | 'before-july-2025'; sharedStrings?: boolean; bump?: number } = {},
): BuiltLabourDemand {
  const bump = options.bump ?? 0;
  const occupations = [...SOCS, 'Unknown'];
  const table3: Cell[][] = [['Region', 'SOC 4 digit code', 'SOC 4 digit label', ...MONTHS]];
  REGIONS.forEach((region, a) =>
    occupations.forEach((soc, s) =>
      table3.push([
        region,
        soc === 'Unknown' ? 'Unknown' : Number(soc),
        LABELS[soc] ?? 'Unknown',
        ...MONTHS.map((m, p) => withBump(figure(a, s, p, m, SUPPRESSED_MONTH), bump)),
      ]),
    ),
  );
  const table5: Cell[][] = [
    [
      'Region',
      'ITL2',
      'Local Authority District',
      'SOC 4 digit code',
      'SOC 4 digit label',
      'Local Authority Code',
      ...QUARTERS,
    ],
  ];
  DISTRICTS.forEach(([region, itl2, district, code], a) =>
    occupations.forEach((soc, s) =>
      table5.push([
        region,
        itl2,
        district,
        soc === 'Unknown' ? 'Unknown' : Number(soc),
        LABELS[soc] ?? 'Unknown',
        code === '' ? null : code,
        ...QUARTERS.map((q, p) => withBump(figure(a, s, p, q, SUPPRESSED_QUARTER), bump)),
      ]),
    ),
  );
  const cover: Cell[][] = [
    ['Labour demand volumes by Standard Occupation Classification (SOC 2020), UK'],
    ...NOTICES.slice(0, 2).flatMap((n) => [[n.heading], ...n.text.split('\n').map((line) => [line])]),
  ];
  const notes: Cell[][] = [
    ['Notes'],
    ['This worksheet contains one table.'],
    ['Note number', 'Note text'],
    ['Note 1', NOTICES[2]!.text],
  ];
  const book = XLSX.utils.book_new();
  const add = (name: string, rows: Cell[][]) => XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  add('Cover sheet', cover);
  add('Table of contents', [['Table of contents'], ['Table 3', 'New online job adverts by region and occupation']]);
  add('Notes', notes);
  if (options.layout === 'before-july-2025') {
    // The earlier layout: 2-digit SOC tables (8: Region x SOC2, monthly; 12: LA x SOC2, quarterly).
    add('Table 1', [...title('Country'), ['Country', ...MONTHS], ['Total UK', ...MONTHS.map(() => 1)]]);
    add('Table 8', [
      ...title('Region by SOC 2 digit'),
      ['Region', 'SOC 2 digit code', 'SOC 2 digit label', ...MONTHS],
      ...table3
        .slice(1)
        .map((row) => [row[0]!, 21, 'Science, research, engineering and technology professionals', ...row.slice(3)]),
    ]);
    add('Table 12', [
      ...title('Local Authority by SOC 2 digit'),
      [
        'Region',
        'ITL2',
        'Local Authority District',
        'SOC 2 digit code',
        'SOC 2 digit label',
        'Local Authority Code',
        ...QUARTERS,
      ],
    ]);
  } else {
    add('Table 1', [...title('Country'), ['Country', ...MONTHS], ['Total UK', ...MONTHS.map(() => 1)]]);
    add('Table 2', [
      ...title('Local Authority District'),
      ['Region', 'ITL2', 'Local Authority District', 'Local Authority Code', ...MONTHS],
    ]);
    add('Table 3', [...title('Region by SOC 4 digit'), ...table3]);
    add('Table 4', [
      ...title('Local Authority by SOC 3 digit'),
      [
        'Region',
        'ITL2',
        'Local Authority District',
        'SOC 3 digit code',
        'SOC 3 digit label',
        'Local Authority Code',
        ...MONTHS,
      ],
    ]);
    add('Table 5', [...title('Local Authority by SOC 4 digit'), ...table5]);
    add('Table 6', [
      ...title('Mayoral Combined Authority'),
      ['Local Authority Code', 'Local Authority', 'Mayoral Combined Authority'],
    ]);
    add('Table 7', [...title('LSIP'), ['Local Authority Code', 'Local Authority', 'LSIP']]);
  }
  const bytes = new Uint8Array(
    XLSX.write(book, {
      type: 'buffer',
      bookType: 'xlsx',
      bookSST: options.sharedStrings ?? true,
      compression: true,
    }) as Buffer,
  );
  return { bytes, table3, table5 };
}

function withBump(cell: Cell, bump: number): Cell {
  return typeof cell === 'number' ? cell + bump : cell;
}

/** A cell as the API reads it: a count, or null where suppressed. */
export function published(cell: Cell | undefined): number | null {
  return typeof cell === 'number' ? cell : null;
}

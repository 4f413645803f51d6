import { availableParallelism } from 'node:os';
import type { StatedPeriod } from '../../checks/reference-period.js';
import { openZip } from '../../formats/inflate.js';
import {
  ASHE_FIGURES,
  PAY_MEASURES,
  type AsheFigure,
  type AsheFigures,
  type PayMeasure,
  type PaySex,
  type WorkPattern,
  type PayRow,
} from '../../../domain/pay.js';
import { onsFigure, UnexpectedCellError } from '../../formats/ons-conventions.js';
import { readWorkbook } from '../../formats/workbook-worker.js';
import type { Cell, SheetRows, Workbook } from '../../formats/workbook.js';
import { activeReadLimits } from '../../read-limits.js';

/**
 * The workbook layout ASHE Tables 14 (occupation) and 15 (region by occupation) share: ONS
 * publishes both as a zip of workbooks, one per measure (`<table>.<n>a` estimates, `<table>.<n>b`
 * coefficients of variation), each data sheet in the same layout. The two source folders and
 * `ashe-tables.ts` use this module; it is the only place that knows that layout.
 */

/** ASHE's table families served: 14 (occupation) and 15 (region by occupation). */
export type AsheFamily = 14 | 15;

export function tableNumberOf(measure: PayMeasure): number {
  return PAY_MEASURES.indexOf(measure) + 1;
}

/** The employee jobs a sheet covers, as ONS words it in the sheet title ("For male full-time employee jobs"). */
interface JobsCovered {
  sex: PaySex;
  pattern: WorkPattern;
}

export function jobsPhrase({ sex, pattern }: JobsCovered): string {
  const patternWord = pattern === 'fulltime' ? 'full-time' : pattern === 'parttime' ? 'part-time' : '';
  if (sex === 'all') return patternWord || 'all';
  return patternWord ? `${sex} ${patternWord}` : sex;
}

/** Table 14's nine data sheets, by name, and the jobs each covers. */
export const SEX_PATTERN_SHEETS: ({ sheet: string } & JobsCovered)[] = [
  { sheet: 'All', sex: 'all', pattern: 'all' },
  { sheet: 'Male', sex: 'male', pattern: 'all' },
  { sheet: 'Female', sex: 'female', pattern: 'all' },
  { sheet: 'Full-Time', sex: 'all', pattern: 'fulltime' },
  { sheet: 'Part-Time', sex: 'all', pattern: 'parttime' },
  { sheet: 'Male Full-Time', sex: 'male', pattern: 'fulltime' },
  { sheet: 'Male Part-Time', sex: 'male', pattern: 'parttime' },
  { sheet: 'Female Full-Time', sex: 'female', pattern: 'fulltime' },
  { sheet: 'Female Part-Time', sex: 'female', pattern: 'parttime' },
];

/**
 * The header row (row 5) of every data sheet, folded to text. 2022 and 2024 store the percentile
 * headings as numbers, 2023 as text; both read the same here.
 */
const EXPECTED_HEADER = [
  'Description',
  'Code',
  '(thousand)',
  'Median',
  'change',
  'Mean',
  'change',
  '10',
  '20',
  '25',
  '30',
  '40',
  '60',
  '70',
  '75',
  '80',
  '90',
];

/** How far down a sheet its header row is looked for (row 5 in every release seen). */
const HEADER_SEARCH_ROWS = 12;

/** The index of the header row: the first row whose first two cells are "Description" and "Code". */
function headerRowOf(rows: SheetRows): number {
  return rows
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((row) => headerText(row[0]) === EXPECTED_HEADER[0] && headerText(row[1]) === EXPECTED_HEADER[1]);
}

/** Column of each figure in the header above (column 6, the mean's annual % change, is not served). */
const COLUMNS: Record<AsheFigure, number> = {
  jobsThousands: 2,
  median: 3,
  medianChange: 4,
  mean: 5,
  p10: 7,
  p20: 8,
  p25: 9,
  p30: 10,
  p40: 11,
  p60: 12,
  p70: 13,
  p75: 14,
  p80: 15,
  p90: 16,
};

interface SheetExpectation {
  /** Where the sheet is, for error messages: `Table 14.7a, sheet "Male"`. */
  where: string;
  /** The table id the title must name, e.g. `14.7a` (Table 15's titles may write `15 (4).7a`). */
  tableId: string;
  jobs: JobsCovered;
  /**
   * Table 15: the area a row is of, from its description ("North East, Programmers and ..."); null
   * skips the row (an area not served). Absent: one area, rows keyed by code alone.
   */
  areaOf?: (description: string) => string | null;
}

/**
 * Reads one data sheet: checks the title names the table and the jobs covered, checks the header
 * row, and returns the unit groups (four-digit codes) with their figures. Higher levels (codes of
 * one to three digits) and the `All employees` row are skipped: the API serves unit groups only.
 */
function parseAsheSheet(rows: SheetRows, expect: SheetExpectation): Map<string, MarkedFigures> {
  const title = (rows[0] ?? [])
    .filter((c) => typeof c === 'string')
    .join(' ')
    .replace(/\s+/g, ' ');
  const [family, table] = expect.tableId.split('.');
  // Table 14's titles start "Table 14.7a"; Table 15's real title is known only to name the year and the jobs.
  if (!new RegExp(`(?:^|\\s)Table ${family}(?: \\(4\\))?\\.${table}\\b`, 'i').test(title)) {
    throw new Error(`${expect.where}: the title "${title.slice(0, 120)}" does not name Table ${expect.tableId}`);
  }
  const phrase = jobsPhrase(expect.jobs);
  if (!new RegExp(`For ${phrase} employee jobs`, 'i').test(title)) {
    throw new Error(
      `${expect.where}: the title "${title.slice(0, 120)}" does not say it covers ${phrase} employee jobs`,
    );
  }
  const headerAt = headerRowOf(rows);
  if (headerAt < 0)
    throw new Error(
      `${expect.where}: no header row (a row starting "Description", "Code") in the first ${HEADER_SEARCH_ROWS} rows`,
    );
  const header = (rows[headerAt] ?? []).slice(0, EXPECTED_HEADER.length).map(headerText);
  if (header.join('|') !== EXPECTED_HEADER.join('|')) {
    throw new Error(
      `${expect.where}: row ${headerAt + 1} is not the expected header (${EXPECTED_HEADER.join(', ')}); found ${header.join(', ')}`,
    );
  }
  const figures = new Map<string, MarkedFigures>();
  for (const [offset, row] of rows.slice(headerAt + 1).entries()) {
    const code = codeOf(row[1]);
    if (code === null || code.length !== 4) continue;
    const area = expect.areaOf ? expect.areaOf(headerText(row[0])) : null;
    if (expect.areaOf && area === null) continue;
    const key = area === null ? code : `${area} ${code}`;
    if (figures.has(key)) throw new Error(`${expect.where}: unit group ${key} appears twice`);
    try {
      figures.set(key, figuresOf(row));
    } catch (error) {
      if (error instanceof UnexpectedCellError)
        throw new Error(`${expect.where}, row ${headerAt + offset + 2} (${code}): ${error.message}`);
      throw error;
    }
  }
  return figures;
}

/** Where a data sheet and its CV twin are, and what their rows are: `Table 14.7a` / `14.7b`, sheet "Male". */
interface SheetPair {
  /** The table without its a/b suffix, e.g. `14.7`. */
  table: string;
  sheet: string;
  jobs: JobsCovered;
  /** The area every row is of, or (Table 15) the area of each row from its description. */
  area: string | ((description: string) => string | null);
  measure: PayMeasure;
}

/** The pay rows of a data sheet and its CV twin: each unit group's figures with the CV of its median. */
export function payRowsOf(estimateRows: SheetRows, cvRows: SheetRows, at: SheetPair): PayRow[] {
  const areaOf = typeof at.area === 'function' ? { areaOf: at.area } : {};
  const figures = parseAsheSheet(estimateRows, {
    where: `Table ${at.table}a, sheet "${at.sheet}"`,
    tableId: `${at.table}a`,
    jobs: at.jobs,
    ...areaOf,
  });
  const cvFigures = parseAsheSheet(cvRows, {
    where: `Table ${at.table}b, sheet "${at.sheet}"`,
    tableId: `${at.table}b`,
    jobs: at.jobs,
    ...areaOf,
  });
  return [...figures].map(([key, f]) => {
    const cv = cvFigures.get(key);
    return {
      area: typeof at.area === 'string' ? at.area : key.slice(0, key.lastIndexOf(' ')),
      soc: key.slice(key.lastIndexOf(' ') + 1),
      measure: at.measure,
      ...at.jobs,
      ...f,
      // A blank median says no more than its CV twin: `x` there is ONS withholding it, blank is "not published".
      medianMarker: f.median === null && f.medianMarker === '' && cv?.medianMarker ? cv.medianMarker : f.medianMarker,
      medianCv: cv?.median ?? null,
    };
  });
}

/** A row's figures and the marker standing in its median's place, if any. */
type MarkedFigures = AsheFigures & { medianMarker: string | null };

function figuresOf(row: Cell[]): MarkedFigures {
  const out = {} as MarkedFigures;
  for (const name of ASHE_FIGURES) out[name] = onsFigure(row[COLUMNS[name]]);
  out.medianMarker =
    out.median === null ? (markerOf(row[COLUMNS.median]) ?? markerOf(row[COLUMNS.jobsThousands]) ?? '') : null;
  return out;
}

/**
 * The ONS marker text of a withheld cell (`x`, `..`, `:`), or null when blank. Rows of `:` or `..`
 * carry it only in the jobs column. A median blank with no marker anywhere is recorded as `''`:
 * the release publishes no figure and gives no reason ("not published"), which Table 15's real
 * cells show (e.g. East Midlands 1112 in 2025), not a withheld one.
 */
function markerOf(cell: Cell | undefined): string | null {
  const text = typeof cell === 'string' ? cell.trim() : '';
  return text === '' ? null : text;
}

function headerText(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).replace(/\s+/g, ' ').trim();
}

function codeOf(cell: Cell | undefined): string | null {
  const text = typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cell.trim() : '';
  return /^\d{1,4}$/.test(text) ? text : null;
}

/** The workbooks of a release's zip by table id (`14.7a`), each inflated when read, and the reference year each file name states. */
interface AsheZip {
  /** The workbook's bytes, inflated from the zip now (within the source's inflate limit). */
  workbook: (id: string) => Uint8Array;
  stated: StatedPeriod[];
}

/** ONS's mark on a provisional workbook's name: "PROV - Occupation SOC20 (4) Table 14.7a …". */
const PROVISIONAL_MARK = /^PROV - /;

/**
 * A workbook whose name says another status than the zip's: a provisional zip's workbooks are each
 * marked `PROV - ` (every real 2022-2025 one is), a revised zip's must not be. How ONS names a
 * revised edition's workbooks has not been seen here, so no mark is required of them.
 */
function refuseOtherStatus(file: string, provisional: boolean): void {
  if (PROVISIONAL_MARK.test(file) === provisional) return;
  throw new Error(
    provisional
      ? `the workbook "${file}" is not marked "PROV - " as a provisional release's workbooks are`
      : `the workbook "${file}" is marked provisional ("PROV - ") in a revised release`,
  );
}

/**
 * The workbooks of a table family in the zip, by table id (`14.7a`), from the file names ONS
 * gives them ("PROV - Occupation SOC20 (4) Table 14.7a   Annual pay - Gross 2024.xlsx"; Table 15's
 * four-digit ones "… Table 15 (4).7a …", known from third-party code only), which
 * also state the reference year and mark a provisional release's workbooks `PROV - ` (a name
 * saying another status than the release's refuses it). Every table 1 to 11, estimates and CVs, must be there. Only the
 * zip's directory is read here: each workbook is inflated when it is read (Table 15's 2025 zip is
 * about 84 MB of workbooks, more than is wise to hold inflated at once).
 */
export function unzipAsheWorkbooks(bytes: Uint8Array, family: AsheFamily, provisional: boolean): AsheZip {
  // Table 15's zip holds two-, three- and four-digit variants (`Table 15 (4).7a`): the four-digit one is read.
  const table = family === 15 ? 'Table 15 \\(4\\)' : `Table ${family}`;
  const pattern = new RegExp(`${table}\\.(\\d{1,2})([ab])\\b[^/]*\\.xlsx?$`, 'i');
  const zip = openZip(bytes, 'the release zip');
  const entries = new Map<string, string>();
  const stated: StatedPeriod[] = [];
  for (const name of zip.names.filter((n) => pattern.test(n))) {
    const match = pattern.exec(name)!;
    const id = `${family}.${Number(match[1])}${match[2]!.toLowerCase()}`;
    if (entries.has(id)) throw new Error(`the zip holds two workbooks for Table ${id}`);
    entries.set(id, name);
    refuseOtherStatus(name.split('/').pop()!, provisional);
    const year = /\b((?:19|20)\d{2})(?: CV)?\.xlsx?$/i.exec(name);
    if (year) stated.push({ where: `the workbook "${name.split('/').pop()}"`, period: year[1]! });
  }
  const missing = PAY_MEASURES.flatMap((_, i) => [`${family}.${i + 1}a`, `${family}.${i + 1}b`]).filter(
    (id) => !entries.has(id),
  );
  if (missing.length > 0) throw new Error(`the zip has no workbook for Table ${missing.join(', ')}`);
  return { workbook: (id) => zip.inflate(entries.get(id)!), stated };
}

/**
 * Reads the tables' workbooks a few at a time (the lanes LMI_INGEST_MEMORY_MB allows; Table 15's
 * one by one in half of them), each
 * inflated from the zip only when its lane takes it and read in its own worker thread with a time
 * limit, and hands each measure's estimates and CVs to `read`. The first failure stops the rest.
 */
export async function readAsheTables<T>(
  workbook: (id: string) => Uint8Array,
  family: AsheFamily,
  sheets: string[] | undefined,
  read: (measure: PayMeasure, estimates: Workbook, cvs: Workbook) => T,
): Promise<T[]> {
  const results = new Array<T>(PAY_MEASURES.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < PAY_MEASURES.length) {
      const index = next++;
      const measure = PAY_MEASURES[index]!;
      try {
        const readOne = (kind: 'a' | 'b') => readWorkbook(workbook(`${family}.${index + 1}${kind}`), { sheets });
        const [estimates, cvs] = oneByOne
          ? [await readOne('a'), await readOne('b')]
          : await Promise.all([readOne('a'), readOne('b')]);
        results[index] = read(measure, estimates, cvs);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const allowed = Math.min(activeReadLimits().maxConcurrentWorkbooks, availableParallelism());
  // A Table 15 workbook (11 x 412 rows a sheet) costs a reading worker about what a Table 14 lane of
  // two does (measured: 1.6 GB resident with four read at once): its workbooks are read one by one,
  // in half the lanes.
  const oneByOne = family === 15;
  const lanes = Math.max(1, oneByOne ? Math.floor(allowed / 2) : allowed);
  await Promise.all(Array.from({ length: lanes }, worker));
  return results;
}

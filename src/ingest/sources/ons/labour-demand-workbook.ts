import { NATION_AREAS, PAY_REGIONS, UNITED_KINGDOM } from '../../../domain/areas.js';
import type { JobAdvertNotice } from '../../../domain/job-adverts.js';
import type { Cell } from '../../formats/workbook.js';
import { streamWorkbook, type RowReader } from '../../formats/workbook-stream.js';

/**
 * ONS's labour demand workbook (`labourdemandbyoccupation.xlsx`, new online job adverts from
 * Textkernel's data): its tables are found by their header rows, never by sheet name (ONS renumbered
 * them in July 2025), and read row by row as they stream (the workbook is 45-85 MB). Layout evidence:
 * the sources' READMEs and `_publishers/LAYOUTS.md` §2.
 */

/** A table of the workbook: the labels its header row starts with, then one column per period. */
interface AdvertTable {
  /** What the table holds, for messages. */
  name: string;
  labels: readonly string[];
  period: 'month' | 'quarter';
}

/** New adverts by region (the UK, English regions, nations) and 4-digit SOC, monthly (Table 3 since July 2025). */
export const REGIONAL_TABLE: AdvertTable = {
  name: 'new adverts by region and 4-digit SOC, monthly',
  labels: ['Region', 'SOC 4 digit code', 'SOC 4 digit label'],
  period: 'month',
};

/** New adverts by local authority district (London as one) and 4-digit SOC, quarterly (Table 5 since July 2025). */
export const LOCAL_TABLE: AdvertTable = {
  name: 'new adverts by local authority and 4-digit SOC, quarterly',
  labels: [
    'Region',
    'ITL2',
    'Local Authority District',
    'SOC 4 digit code',
    'SOC 4 digit label',
    'Local Authority Code',
  ],
  period: 'quarter',
};

/** A figure cell: a count, null where ONS suppressed it (`[x]`, also seen as `[X]`). */
type AdvertFigure = number | null;

/** One data row: its label cells (as `labels` orders them) and its figures, one per period. */
interface AdvertRow {
  labels: Record<string, string>;
  figures: AdvertFigure[];
  rowNumber: number;
}

interface AdvertWorkbook {
  sheet: string;
  /** The table's periods, oldest first: `YYYY-MM` or `YYYY Qn`. */
  periods: string[];
  notices: JobAdvertNotice[];
}

/** How far down a sheet its header row is looked for (row 5 in every edition seen). */
const HEADER_ROWS = 20;
const SUPPRESSED = /^\[x\]$/i;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period header: `Jan-17` -> `2017-01`; `2017Q1` -> `2017 Q1`; null when it is not one. */
function periodOf(cell: Cell, period: AdvertTable['period']): string | null {
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  if (period === 'month') {
    const match = /^([A-Z][a-z]{2})-(\d{2})$/.exec(text);
    const month = match ? MONTHS.indexOf(match[1]!) : -1;
    return match && month >= 0 ? `20${match[2]}-${String(month + 1).padStart(2, '0')}` : null;
  }
  const match = /^(\d{4})\s?Q([1-4])$/.exec(text);
  return match ? `${match[1]} Q${match[2]}` : null;
}

/** `27` -> `AB` (a 0-based column's letters), for naming cells. */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const textOf = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell).trim());

/** How far a header row matches the table's labels: all of them, or the first that differs. */
function matchLabels(row: Cell[], table: AdvertTable): { matched: number; found: string } {
  for (const [i, label] of table.labels.entries()) {
    const found = textOf(row[i]);
    if (found.toLowerCase() !== label.toLowerCase()) return { matched: i, found };
  }
  return { matched: table.labels.length, found: '' };
}

/** The nearest header seen to the table's: for the refusal's message. */
interface NearMiss {
  sheet: string;
  rowNumber: number;
  matched: number;
  found: string;
}

/**
 * Streams the workbook, reading the one sheet whose header row is `table`'s: each data row goes to
 * `onRow`; the other sheets are left after their first rows. The cover sheet's and the notes
 * sheet's text become the release's notices. Throws, naming the first label that did not match,
 * when no sheet has the table's header, and on any cell outside the layout.
 */
export function readAdvertTable(
  bytes: Uint8Array,
  table: AdvertTable,
  onRow: (row: AdvertRow) => void,
): AdvertWorkbook {
  const what = 'the labour demand workbook';
  let found: { sheet: string; periods: string[] } | null = null;
  let nearest: NearMiss | null = null;
  const cover: string[] = [];
  const notes: Cell[][] = [];
  streamWorkbook(bytes, what, (sheet): RowReader | null => {
    if (/^cover/i.test(sheet.trim()))
      return (row, rowNumber) => {
        const text = textOf(row[0]);
        if (rowNumber > 1 && text !== '') cover.push(text);
        return true;
      };
    if (/^notes$/i.test(sheet.trim())) return (row) => (notes.push(row), true);
    let periods: string[] | null = null;
    return (row, rowNumber) => {
      if (periods) {
        if (row.every((cell) => textOf(cell) === '')) return true;
        onRow(dataRow(row, rowNumber, sheet, table, periods));
        return true;
      }
      if (rowNumber > HEADER_ROWS) return false;
      const match = matchLabels(row, table);
      if (match.matched < table.labels.length) {
        // A header row starts with the table's first label; the nearest such row names the difference.
        if (match.matched > 0 && (!nearest || match.matched > nearest.matched))
          nearest = { sheet, rowNumber, matched: match.matched, found: match.found };
        return true;
      }
      if (found)
        throw new Error(`${what}: two sheets ("${found.sheet}" and "${sheet}") have the header of the ${table.name}`);
      periods = periodsOf(row, rowNumber, sheet, table);
      found = { sheet, periods };
      return true;
    };
  });
  if (!found) throw new Error(refusal(table, nearest));
  const { sheet, periods } = found as { sheet: string; periods: string[] };
  return { sheet, periods, notices: [...coverNotices(cover), ...noteNotices(notes)] };
}

function refusal(table: AdvertTable, nearest: NearMiss | null): string {
  const header = `${table.labels.join(', ')}, ${table.period === 'month' ? 'Jan-17' : '2017Q1'} …`;
  if (!nearest)
    return `the labour demand workbook has no sheet with the header of the ${table.name} (${header}): no header row starts with "${table.labels[0]}"`;
  const { sheet, rowNumber, matched, found } = nearest;
  return `the labour demand workbook has no sheet with the header of the ${table.name} (${header}): the nearest, sheet "${sheet}" row ${rowNumber}, has "${found}" in ${columnLetters(matched)}${rowNumber} where "${table.labels[matched]}" belongs`;
}

/** The header's period columns: consecutive months or quarters, oldest first, up to the first empty cell. */
function periodsOf(row: Cell[], rowNumber: number, sheet: string, table: AdvertTable): string[] {
  const periods: string[] = [];
  for (let column = table.labels.length; column < row.length; column++) {
    const cell = row[column];
    if (textOf(cell) === '') {
      if (row.slice(column).some((c) => textOf(c) !== ''))
        throw new Error(
          `sheet "${sheet}" ${columnLetters(column)}${rowNumber}: an empty header cell among the periods`,
        );
      break;
    }
    const period = periodOf(cell ?? null, table.period);
    if (!period)
      throw new Error(
        `sheet "${sheet}" ${columnLetters(column)}${rowNumber}: "${textOf(cell)}" is not a ${table.period === 'month' ? 'month (Mon-YY)' : 'quarter (YYYYQn)'}`,
      );
    if (periods.length > 0 && period <= periods.at(-1)!)
      throw new Error(`sheet "${sheet}" ${columnLetters(column)}${rowNumber}: ${textOf(cell)} is out of order`);
    periods.push(period);
  }
  if (periods.length === 0) throw new Error(`sheet "${sheet}" row ${rowNumber}: the header has no period`);
  return periods;
}

/** A data row's labels and figures; a figure cell that is neither a count nor `[x]` is outside the layout. */
function dataRow(row: Cell[], rowNumber: number, sheet: string, table: AdvertTable, periods: string[]): AdvertRow {
  const labels: Record<string, string> = {};
  table.labels.forEach((label, i) => (labels[label] = textOf(row[i])));
  const figures = periods.map((_, i): AdvertFigure => {
    const column = table.labels.length + i;
    const cell = row[column];
    if (typeof cell === 'number' && Number.isInteger(cell) && cell >= 0) return cell;
    const text = textOf(cell);
    if (SUPPRESSED.test(text)) return null;
    if (/^\d+$/.test(text)) return Number(text);
    throw new Error(
      `sheet "${sheet}" ${columnLetters(column)}${rowNumber}: "${text}" is neither a count of adverts nor the suppression marker [x]`,
    );
  });
  return { labels, figures, rowNumber };
}

/**
 * The cover sheet's text below its title as notices: a short line without closing punctuation
 * heads the paragraphs after it (ONS cover sheets set headings on lines of their own); paragraphs
 * before the first heading are under "Cover sheet". Never seen in a real file: see the README.
 */
function coverNotices(lines: string[]): JobAdvertNotice[] {
  const notices: JobAdvertNotice[] = [];
  let heading = 'Cover sheet';
  let paragraphs: string[] = [];
  const close = () => {
    if (paragraphs.length > 0) notices.push({ heading, text: paragraphs.join('\n') });
    paragraphs = [];
  };
  for (const line of lines) {
    if (line.length <= 80 && !/[.:;!?)]$/.test(line) && !line.includes('\n')) {
      close();
      heading = line;
    } else paragraphs.push(line);
  }
  close();
  return notices;
}

/** The notes sheet's rows naming a note (`Note 1`, or a number) in column A and its text in B, as notices. */
function noteNotices(rows: Cell[][]): JobAdvertNotice[] {
  return rows.flatMap((row) => {
    const id = textOf(row[0]);
    const text = textOf(row[1]);
    if (text === '' || !/^(note\s*)?\d+$/i.test(id)) return [];
    return [{ heading: /^\d+$/.test(id) ? `Note ${id}` : id, text }];
  });
}

/** The workbook's names of the UK and the regions and nations (`East` as well as `East of England`). */
const AREA_CODES = new Map<string, string>([
  ['total uk', UNITED_KINGDOM.code],
  ['united kingdom', UNITED_KINGDOM.code],
  ['east', 'E12000006'],
  ...[...PAY_REGIONS, ...NATION_AREAS].map((a): [string, string] => [a.name.toLowerCase(), a.code]),
]);

/** A region's or nation's GSS code from its name in the workbook; null when the name is not one. */
export function regionCode(name: string): string | null {
  return AREA_CODES.get(name.trim().toLowerCase()) ?? null;
}

/** `Unknown`: the row of adverts no occupation could be assigned to (counted in an area's total, never an occupation). */
export const UNKNOWN_OCCUPATION = 'unknown';

/** A SOC 2020 unit group's code, `unknown` for the row of uncoded adverts, null for anything else. */
export function occupationCode(cell: string): string | null {
  const text = cell.trim();
  if (/^\d{4}$/.test(text)) return text;
  if (/^\d{4}\.0+$/.test(text)) return text.slice(0, 4);
  return text.toLowerCase() === UNKNOWN_OCCUPATION ? UNKNOWN_OCCUPATION : null;
}

import { compareQuarters } from '../../../../domain/periods.js';
import {
  WITHHELD,
  type VisaBreakdownFigures,
  type VisaBreakdownKind,
  type VisaQuarterFigures,
  type VisaRelease,
} from '../../../../domain/visas.js';
import type { Cell, Workbook } from '../../../formats/workbook.js';

/** The two data sheets of the SOC 2020 workbook, and the label of each one's count column. */
export const VISA_SHEETS = [
  { sheet: 'Data_Occ_D01', count: 'Applications' },
  { sheet: 'Data_Occ_D02', count: 'Grants' },
] as const;

/** The columns every row of a data sheet has besides its count, by their labels in the header row. */
const COLUMN = {
  year: 'Year',
  quarter: 'Quarter',
  nationality: 'Nationality',
  region: 'Region',
  visaType: 'Visa type',
  route: 'Visa type subgroup',
  industry: 'Industry',
  majorGroup: 'Occ. major group',
  subMajorGroup: 'Occ. sub-major group',
  minorGroup: 'Occ. minor group',
  unitGroup: 'Occ. unit group',
} as const;

/**
 * The Notes sheet's table as government accessible spreadsheets lay it out (README, "Provisional
 * quarters"): a title, a line or two, then a header row whose first cell is `Note number` and
 * which has a `Note text` column.
 */
export const NOTES_SHEET = 'Notes';
const NOTE_NUMBER = 'Note number';
const NOTE_TEXT = 'Note text';
/** The note naming the first provisional quarter, as the Home Office words it ("Q1 2026 onwards is provisional"). */
const MODELLED = /\bQ([1-4]) (\d{4}) to Q([1-4]) (\d{4}) (?:are|is) modelled\b/i;
const PROVISIONAL_FROM = /\b(?:Q([1-4]) (\d{4})|(\d{4}) Q([1-4])) onwards (?:is|are) provisional\b/i;

/** How far down a sheet its header row (the one whose first cell is `Year`) is looked for: row 4 in SOC 2020 editions, 2 in SOC 2010 ones. */
const HEADER_SEARCH_ROWS = 20;

/**
 * One SIC section the file spells two ways (`Administrative and Support Activities` for a grant or
 * two a year beside the section's own title): counted as one industry, under the section's title.
 */
const INDUSTRY_SPELLINGS: Readonly<Record<string, string>> = {
  'Administrative and Support Activities': 'Administrative and Support Service Activities',
};

/** What a data sheet says besides its rows: for the checks. */
export interface VisaSheetFacts {
  sheet: string;
  /** Data rows read. */
  rows: number;
  /** Quarters the sheet has rows for, oldest first. */
  quarters: string[];
}

export interface ParsedVisas {
  release: VisaRelease;
  sheets: VisaSheetFacts[];
}

/** A row of a data sheet, its occupation reduced to the unit group's code (or `WITHHELD`). */
interface VisaRow {
  quarter: string;
  soc2020: string;
  route: string;
  nationality: string;
  industry: string;
  count: number;
}

/**
 * Reads the Home Office's occupation (SOC 2020) visas workbook: `Data_Occ_D01` (applications)
 * and `Data_Occ_D02` (grants), one row per year, quarter, nationality, region, route, industry
 * and occupation, into applications and grants per unit group and quarter, and grants by route,
 * nationality and industry. The header row is found by its `Year` cell and must carry exactly the
 * SOC 2020 layout's labels; anything else (a SOC 2010 edition's `Occupation` and `SOC code`
 * columns) throws, naming the first label that did not match.
 */
export function parseVisaWorkbook(workbook: Workbook): ParsedVisas {
  const notes = readNotes(workbook);
  const provisionalFrom = provisionalQuarterOf(notes);
  const modelled = modelledQuartersOf(notes);
  const [applications, grants] = VISA_SHEETS.map(({ sheet, count }) => readSheet(workbook, sheet, count)) as [
    VisaRow[],
    VisaRow[],
  ];
  const figures = new Map<string, VisaQuarterFigures>();
  const figureOf = (row: VisaRow) => {
    const key = `${row.soc2020} ${row.quarter}`;
    const figure = figures.get(key) ?? { soc2020: row.soc2020, quarter: row.quarter, applications: 0, grants: 0 };
    figures.set(key, figure);
    return figure;
  };
  for (const row of applications) figureOf(row).applications += row.count;
  const breakdowns = new Map<string, VisaBreakdownFigures>();
  const addBreakdown = (row: VisaRow, kind: VisaBreakdownKind, name: string) => {
    const key = `${row.soc2020} ${row.quarter} ${kind} ${name}`;
    const breakdown = breakdowns.get(key) ?? { soc2020: row.soc2020, quarter: row.quarter, kind, name, grants: 0 };
    breakdown.grants += row.count;
    breakdowns.set(key, breakdown);
  };
  for (const row of grants) {
    figureOf(row).grants += row.count;
    // Visas of a withheld unit group are no occupation's: only their total is kept.
    if (row.soc2020 === WITHHELD) continue;
    addBreakdown(row, 'route', row.route);
    addBreakdown(row, 'nationality', row.nationality);
    addBreakdown(row, 'industry', row.industry);
  }
  const sheets = VISA_SHEETS.map(({ sheet }, i) => {
    const rows = [applications, grants][i]!;
    return { sheet, rows: rows.length, quarters: quartersOf(rows) };
  });
  return {
    release: {
      // The quarters from the one the Notes name onwards are provisional; with no such note, none is.
      quarters: quartersOf([...applications, ...grants]).map((quarter) => ({
        quarter,
        provisional: provisionalFrom !== null && compareQuarters(quarter, provisionalFrom) >= 0,
        modelled:
          modelled !== null &&
          compareQuarters(quarter, modelled.from) >= 0 &&
          compareQuarters(quarter, modelled.to) <= 0,
      })),
      figures: [...figures.values()].filter((f) => f.applications > 0 || f.grants > 0),
      breakdowns: [...breakdowns.values()].filter((b) => b.grants > 0),
    },
    sheets,
  };
}

/** The notes' texts, read by the Notes table's labels; a sheet without that table refuses the release. */
function readNotes(workbook: Workbook): string[] {
  const rows = workbook.sheets[NOTES_SHEET];
  if (!rows) throw new Error(`the workbook has no "${NOTES_SHEET}" sheet (it has ${workbook.sheetNames.join(', ')})`);
  const headerIndex = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => label(row[0]) === NOTE_NUMBER);
  if (headerIndex < 0)
    throw new Error(
      `sheet "${NOTES_SHEET}" has no header row (one whose first cell is "${NOTE_NUMBER}") in its first ${HEADER_SEARCH_ROWS} rows`,
    );
  const textAt = rows[headerIndex]!.findIndex((cell) => label(cell) === NOTE_TEXT);
  if (textAt < 0)
    throw new Error(`sheet "${NOTES_SHEET}", row ${headerIndex + 1}: no column is labelled "${NOTE_TEXT}"`);
  return rows
    .slice(headerIndex + 1)
    .map((row) => label(row[textAt]))
    .filter((text) => text !== '');
}

/**
 * The first provisional quarter the notes name, or null where no note says any is. A note that
 * speaks of provisional figures in words not seen before refuses the release: served as final,
 * they would be lost.
 */
export function provisionalQuarterOf(notes: readonly string[]): string | null {
  const speaking = notes.filter((note) => /provisional/i.test(note));
  for (const note of speaking) {
    const match = PROVISIONAL_FROM.exec(note);
    if (match) return match[1] ? `${match[2]} Q${match[1]}` : `${match[3]} Q${match[4]}`;
  }
  if (speaking.length > 0)
    throw new Error(
      `sheet "${NOTES_SHEET}": a note speaks of provisional figures without naming the quarter they start at ("<quarter> onwards is provisional"): "${speaking[0]!.slice(0, 200)}"`,
    );
  return null;
}

/** The quarters the notes call modelled estimates ("Quarters from Q1 2021 to Q3 2024 are modelled"), or null. */
export function modelledQuartersOf(notes: readonly string[]): { from: string; to: string } | null {
  for (const note of notes) {
    const match = MODELLED.exec(note);
    if (match) return { from: `${match[2]} Q${match[1]}`, to: `${match[4]} Q${match[3]}` };
  }
  return null;
}

function quartersOf(rows: readonly VisaRow[]): string[] {
  return [...new Set(rows.map((r) => r.quarter))].sort(compareQuarters);
}

function readSheet(workbook: Workbook, sheet: string, countLabel: string): VisaRow[] {
  const rows = workbook.sheets[sheet];
  if (!rows) throw new Error(`the workbook has no "${sheet}" sheet (it has ${workbook.sheetNames.join(', ')})`);
  const headerIndex = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => label(row[0]) === COLUMN.year);
  if (headerIndex < 0)
    throw new Error(
      `sheet "${sheet}" has no header row (one whose first cell is "Year") in its first ${HEADER_SEARCH_ROWS} rows`,
    );
  const at = columnsOf(
    rows[headerIndex]!,
    [...Object.values(COLUMN), countLabel],
    `sheet "${sheet}", row ${headerIndex + 1}`,
  );
  const read: VisaRow[] = [];
  for (let r = headerIndex + 1; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((cell) => label(cell) === '')) continue;
    read.push(rowOf(row, at, countLabel, `sheet "${sheet}", row ${r + 1}`));
  }
  if (read.length === 0) throw new Error(`sheet "${sheet}" has a header row and no data rows`);
  return read;
}

/**
 * Each expected label's column; refuses a header with a label the layout does not have (named,
 * with its column letter) or without one it must have.
 */
function columnsOf(header: readonly Cell[], expected: readonly string[], where: string): Map<string, number> {
  const at = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = label(cell);
    if (name === '') return;
    if (!expected.includes(name) || at.has(name))
      throw new Error(
        `${where}: column ${columnLetter(index)} is labelled "${name}", which the SOC 2020 layout does not have${at.has(name) ? ' twice' : ''} (its columns: ${expected.join(', ')})`,
      );
    at.set(name, index);
  });
  const missing = expected.find((name) => !at.has(name));
  if (missing)
    throw new Error(
      `${where}: no column is labelled "${missing}" (the SOC 2020 layout's columns: ${expected.join(', ')})`,
    );
  return at;
}

function rowOf(row: readonly Cell[], at: Map<string, number>, countLabel: string, where: string): VisaRow {
  const cell = (name: string) => row[at.get(name)!] ?? null;
  const quarter = label(cell(COLUMN.quarter));
  if (!/^\d{4} Q[1-4]$/.test(quarter)) throw new Error(`${where}: the quarter "${quarter}" is not of the form YYYY Qn`);
  const year = label(cell(COLUMN.year));
  if (year !== quarter.slice(0, 4)) throw new Error(`${where}: the year "${year}" is not the quarter's (${quarter})`);
  const count = cell(countLabel);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    throw new Error(`${where}: the ${countLabel.toLowerCase()} "${String(count)}" is not a whole number`);
  const named = (name: string) => {
    const value = label(cell(name));
    if (value === '') throw new Error(`${where}: the "${name}" cell is empty`);
    return value;
  };
  for (const name of [COLUMN.visaType, COLUMN.region, COLUMN.majorGroup, COLUMN.subMajorGroup]) named(name);
  const industry = named(COLUMN.industry);
  return {
    quarter,
    soc2020: unitGroupOf(named(COLUMN.unitGroup), named(COLUMN.minorGroup), where),
    route: named(COLUMN.route),
    nationality: named(COLUMN.nationality),
    industry: INDUSTRY_SPELLINGS[industry] ?? industry,
    count,
  };
}

/** `2231 - Nurses` -> `2231`; `*` (withheld) stays; a unit group outside its row's minor group is refused. */
function unitGroupOf(unit: string, minor: string, where: string): string {
  if (unit === WITHHELD) return WITHHELD;
  const match = /^(\d{4}) - \S/.exec(unit);
  if (!match)
    throw new Error(`${where}: the unit group "${unit}" is not "<four-digit code> - <title>" or "${WITHHELD}"`);
  const minorCode = /^(\d{3}) - \S/.exec(minor)?.[1] ?? null;
  if (minor !== WITHHELD && minorCode === null)
    throw new Error(`${where}: the minor group "${minor}" is not "<three-digit code> - <title>" or "${WITHHELD}"`);
  if (minorCode !== null && !match[1]!.startsWith(minorCode))
    throw new Error(`${where}: the unit group "${unit}" is not in its row's minor group "${minor}"`);
  return match[1]!;
}

function label(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

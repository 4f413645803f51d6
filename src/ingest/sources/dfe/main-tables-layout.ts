import {
  ALL_OCCUPATIONS,
  type ProjectionClassification,
  type ProjectionFigures,
  type ProjectionGroupRow,
  type ProjectionQualificationRow,
  type ProjectionRelease,
  type QualificationLevel,
} from '../../../domain/projections.js';
import type { Cell, SheetRows, Workbook } from '../../formats/workbook.js';

/**
 * The layout of Warwick IER and Cambridge Econometrics' "<Area>_MainTables.Main.xlsm" workbooks (Working
 * Futures and its successor, Labour market and skills projections): the sheets read, and how their
 * rows and columns are found by their labels. Anything else in the file is left unread (the workbook's
 * macros are never run: SheetJS reads the cells' stored values).
 */
export const MAIN_TABLES_SHEETS = ['Info', 'Warning', 'Occ T2', 'Occ F2', 'RD T1'];

class MainTablesLayoutError extends Error {
  override name = 'MainTablesLayoutError';
}

const SUB_MAJOR = /^(\d{2}) (.+)$/;
const ALL = 'All occupations';

const text = (cell: Cell | undefined): string =>
  typeof cell === 'string' ? cell.trim() : typeof cell === 'number' ? String(cell) : '';

/** Reads the five sheets of a MainTables workbook of `classification`; throws on a layout it does not recognise. */
export function mainTablesOf(book: Workbook, classification: ProjectionClassification): ProjectionRelease {
  const sheet = (name: string): SheetRows => {
    const rows = book.sheets[name];
    if (!rows) throw new MainTablesLayoutError(`the workbook has no sheet "${name}"`);
    return rows;
  };
  const info = infoOf(sheet('Info'));
  const warning = warningOf(sheet('Warning'));
  const table2 = occupationTable2(sheet('Occ T2'), classification);
  const series = occupationFigure2(sheet('Occ F2'), classification);
  const groups: ProjectionGroupRow[] = table2.rows.map((row) => {
    const points = series.get(row.code);
    if (!points)
      throw new MainTablesLayoutError(
        `Occ F2 has no row for ${row.code === ALL_OCCUPATIONS ? `"${ALL}"` : `sub-major group ${row.code}`}, which Occ T2 has`,
      );
    return { ...row, series: points };
  });
  return {
    ...info,
    classification,
    baseYear: table2.baseYear,
    targetYear: table2.targetYear,
    ...warning,
    groups,
    qualifications: replacementDemandTable1(sheet('RD T1'), table2.baseYear, table2.targetYear),
  };
}

/**
 * The Info sheet: label in the first column, value in the second. The area is the value of the
 * first "<kind> name" row: "Country name" in England's and the UK's workbooks, "MCA name", "LSIP
 * name", "LEP name" in the local ones (LAYOUTS.md Part 2 §3), as DfE's own reader takes it.
 */
export function infoOf(rows: SheetRows): Pick<ProjectionRelease, 'areaName' | 'databaseCreated'> {
  const value = (label: string) => rows.find((r) => text(r[0]) === label)?.[1];
  const named = rows.find((r) => AREA_NAME.test(text(r[0])));
  const areaName = text(named?.[1]);
  if (!areaName) throw new MainTablesLayoutError('the Info sheet has no "<area> name" row (e.g. "Country name")');
  return { areaName, databaseCreated: isoDate(value('Date database created')) };
}

const AREA_NAME = /^[A-Za-z]+ name$/;

/** An Excel serial day number, or "DD-MM-YYYY hh:mm:ss" text, as an ISO date; null for anything else. */
function isoDate(cell: Cell | undefined): string | null {
  if (typeof cell === 'number' && cell > 0)
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10);
  const match = /^(\d{2})-(\d{2})-(\d{4})\b/.exec(text(cell));
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

const PUBLISHED_RULE = /^PUBLISHED DATA: .*minimum of ([\d,]+) individuals per cell/;

/** The Warning sheet: the copyright line, the REPORTING paragraph and the rule for published data, wherever they sit. */
function warningOf(rows: SheetRows): Pick<ProjectionRelease, 'copyright' | 'reporting' | 'publishThreshold'> {
  const cells = rows
    .flatMap((row, r) => row.map((cell, c) => ({ r, c, value: text(cell) })))
    .filter((cell) => cell.value !== '');
  const copyright = cells.find((cell) => cell.value.startsWith('Copyright:'))?.value.replace(/\s+/g, ' ');
  if (!copyright) throw new MainTablesLayoutError('the Warning sheet has no "Copyright:" line');
  const heading = cells.find((cell) => cell.value === 'REPORTING');
  if (!heading) throw new MainTablesLayoutError('the Warning sheet has no REPORTING paragraph');
  const lines: string[] = [];
  for (let r = heading.r + 1; text(rows[r]?.[heading.c]) !== ''; r++) lines.push(text(rows[r]![heading.c]));
  if (lines.length === 0) throw new MainTablesLayoutError("the Warning sheet's REPORTING paragraph is empty");
  const rule = cells.map((cell) => PUBLISHED_RULE.exec(cell.value)).find((m) => m !== null);
  if (!rule)
    throw new MainTablesLayoutError(
      'the Warning sheet states no minimum number of individuals per published cell ("PUBLISHED DATA: ...")',
    );
  return {
    copyright,
    reporting: lines.join(' ').replace(/\s+/g, ' '),
    publishThreshold: Number(rule[1]!.replace(/,/g, '')),
  };
}

function requireTitle(
  rows: SheetRows,
  sheet: string,
  expected: RegExp,
  classification: ProjectionClassification,
): void {
  const title = text(rows[0]?.[0]);
  if (!expected.test(title))
    throw new MainTablesLayoutError(`${sheet} starts "${title}", not the table this parser reads`);
  if (!title.includes(`(${classification})`))
    throw new MainTablesLayoutError(`${sheet} is not by occupation (${classification}): "${title}"`);
}

function figure(cell: Cell | undefined, where: string): number {
  if (typeof cell !== 'number' || !Number.isFinite(cell))
    throw new MainTablesLayoutError(`${where}: "${text(cell)}" is not a figure`);
  return cell;
}

/** A row label: a sub-major group ("11 Corporate managers and directors"), the all-occupations row, or null. */
function groupOf(label: string): { code: string; title: string } | null {
  if (label === ALL) return { code: ALL_OCCUPATIONS, title: ALL };
  const match = SUB_MAJOR.exec(label);
  return match ? { code: match[1]!, title: match[2]! } : null;
}

/** The header cell of `Occ T2`'s levels: "Levels (000s)" in England's workbook, "Levels" in the sub-national ones. */
const LEVELS = /^Levels( \(000s\))?$/;

/** `Occ T2`, first block (all persons): levels in the base and target years, and the change between them. */
function occupationTable2(rows: SheetRows, classification: ProjectionClassification) {
  requireTitle(rows, 'Occ T2', /^Occupation Table 2 /, classification);
  if (/\b(Males|Females)\b/.test(text(rows[0]?.[0])))
    throw new MainTablesLayoutError('Occ T2 does not start with the all-persons table');
  const h = rows.findIndex((r) => LEVELS.test(text(r[0])));
  if (h < 2) throw new MainTablesLayoutError('Occ T2 has no "Levels (000s)" (or "Levels") header row');
  const header = rows[h]!;
  const nextBlock = header.findIndex((cell, c) => c > 0 && LEVELS.test(text(cell)));
  const end = nextBlock > 0 ? nextBlock : header.length;
  const column = (label: string, above: string) => {
    const c = header.findIndex((cell, i) => i < end && text(cell) === label && text(rows[h - 1]![i]) === above);
    if (c < 0) throw new MainTablesLayoutError(`Occ T2 has no "${above} ${label}" column`);
    return c;
  };
  const period = rows
    .slice(h - 3, h)
    .flatMap((r) => r.slice(0, end))
    .map((cell) => /^(\d{4})-(\d{4})$/.exec(text(cell)))
    .find((m) => m !== null);
  if (!period)
    throw new MainTablesLayoutError('Occ T2 names no projection period ("YYYY-YYYY") above its change columns');
  const [baseYear, targetYear] = [Number(period[1]), Number(period[2])];
  const yearColumn = (year: number) => {
    const c = header.findIndex((cell, i) => i < end && text(cell) === String(year));
    if (c < 0)
      throw new MainTablesLayoutError(
        `Occ T2 has no ${year} column, the start or end of its period ${baseYear}-${targetYear}`,
      );
    return c;
  };
  const columns: Record<keyof ProjectionFigures, number> = {
    employmentBase: yearColumn(baseYear),
    employmentTarget: yearColumn(targetYear),
    netChange: column('Change', 'Net'),
    replacementDemand: column('Demand', 'Replacement'),
    totalRequirement: column('Requirement', 'Total'),
  };
  const found: Array<Omit<ProjectionGroupRow, 'series'>> = [];
  for (let r = h + 1; r < rows.length; r++) {
    const label = text(rows[r]![0]);
    if (label === '') continue;
    const group = groupOf(label);
    if (!group)
      throw new MainTablesLayoutError(`Occ T2 row ${r + 1}: "${label}" is neither a sub-major group nor "${ALL}"`);
    found.push({ ...group, ...figuresAt(rows[r]!, columns, `Occ T2 row ${r + 1}`) });
    if (group.code === ALL_OCCUPATIONS) return { baseYear, targetYear, rows: found };
  }
  throw new MainTablesLayoutError(`Occ T2 has no "${ALL}" row closing its first table`);
}

function figuresAt(row: Cell[], columns: Record<keyof ProjectionFigures, number>, where: string): ProjectionFigures {
  const figures: Partial<ProjectionFigures> = {};
  for (const key of Object.keys(columns) as (keyof ProjectionFigures)[])
    figures[key] = figure(row[columns[key]], `${where} ${key}`);
  return figures as ProjectionFigures;
}

/** `Occ F2`, first block: employment (thousands) each year, by major and sub-major group; only sub-major groups and the total are kept. */
function occupationFigure2(
  rows: SheetRows,
  classification: ProjectionClassification,
): Map<string, ProjectionGroupRow['series']> {
  requireTitle(rows, 'Occ F2', /^Occupation Figure 2 /, classification);
  let h = -1;
  let labelColumn = -1;
  for (let r = 0; r < rows.length && h < 0; r++) {
    const c = rows[r]!.findIndex((cell) => text(cell) === 'thousands');
    if (c >= 0) [h, labelColumn] = [r, c];
  }
  if (h < 0) throw new MainTablesLayoutError('Occ F2 has no "thousands" header row');
  const years: Array<{ year: number; column: number }> = [];
  for (let c = labelColumn + 1; /^\d{4}$/.test(text(rows[h]![c])); c++)
    years.push({ year: Number(text(rows[h]![c])), column: c });
  if (years.length < 2 || years.some((y, i) => i > 0 && y.year !== years[i - 1]!.year + 1)) {
    throw new MainTablesLayoutError(`Occ F2's header row has no run of consecutive years after "thousands"`);
  }
  const series = new Map<string, ProjectionGroupRow['series']>();
  for (let r = h + 1; r < rows.length; r++) {
    const label = text(rows[r]![labelColumn]);
    const group = groupOf(label);
    if (!group) continue; // a major group's row, or a blank one
    if (series.has(group.code)) throw new MainTablesLayoutError(`Occ F2 row ${r + 1}: "${label}" appears twice`);
    series.set(
      group.code,
      years.map(({ year, column }) => ({ year, employment: figure(rows[r]![column], `Occ F2 row ${r + 1} ${year}`) })),
    );
    if (group.code === ALL_OCCUPATIONS) return series;
  }
  throw new MainTablesLayoutError(`Occ F2 has no "${ALL}" row closing its first table`);
}

/** The qualification levels as `RD T1` names its blocks ("RQF8 Doctorate (Constrained)", "No Qualification (Constrained)"). */
function qualificationOf(label: string): { qualification: QualificationLevel | 'all'; label: string } | null {
  const name = /^(.+) \(Constrained\)$/.exec(label)?.[1];
  if (!name) return null;
  if (name === 'All qualifications') return { qualification: 'all', label: name };
  if (name === 'No Qualification') return { qualification: 'none', label: name };
  const rqf = /^RQF([1-8]) (.+)$/.exec(name);
  if (!rqf) throw new MainTablesLayoutError(`RD T1: "${label}" is not a qualification level this parser knows`);
  return { qualification: `rqf${rqf[1]}` as QualificationLevel, label: rqf[2]! };
}

/** `RD T1`, first block of columns: a table per qualification level of each sub-major group's figures between the base and target years. */
function replacementDemandTable1(rows: SheetRows, baseYear: number, targetYear: number): ProjectionQualificationRow[] {
  if (!/^Replacement Demand Table 1 /.test(text(rows[0]?.[0])))
    throw new MainTablesLayoutError(`RD T1 starts "${text(rows[0]?.[0])}", not the table this parser reads`);
  const found: ProjectionQualificationRow[] = [];
  let block: {
    qualification: QualificationLevel | 'all';
    label: string;
    columns: Record<keyof ProjectionFigures, number>;
  } | null = null;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const label = text(row[0]);
    const level = qualificationOf(label);
    if (level) {
      const column = (heading: string) => {
        const c = row.findIndex((cell) => text(cell) === heading);
        if (c < 0) throw new MainTablesLayoutError(`RD T1 row ${r + 1} ("${label}") has no "${heading}" column`);
        return c;
      };
      block = {
        ...level,
        columns: {
          employmentBase: column(String(baseYear)),
          employmentTarget: column(String(targetYear)),
          netChange: column('Net Change'),
          replacementDemand: column('Replacement Demand level'),
          totalRequirement: column('Total Requirement'),
        },
      };
      continue;
    }
    if (!block || label === '') continue;
    const group = groupOf(label);
    if (!group)
      throw new MainTablesLayoutError(`RD T1 row ${r + 1}: "${label}" is neither a sub-major group nor "${ALL}"`);
    if (block.qualification !== 'all') {
      found.push({
        code: group.code,
        qualification: block.qualification,
        label: block.label,
        ...figuresAt(row, block.columns, `RD T1 row ${r + 1}`),
      });
    }
    if (group.code === ALL_OCCUPATIONS) block = null;
  }
  if (block) throw new MainTablesLayoutError(`RD T1's "${block.label}" table has no "${ALL}" row closing it`);
  return found;
}

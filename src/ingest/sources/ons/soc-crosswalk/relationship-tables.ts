import {
  CROSSWALK_SAMPLES,
  type CrosswalkSample,
  type Soc2010Base,
  type SocCrosswalk,
  type SocCrosswalkLink,
} from '../../../../domain/soc.js';
import type { Cell, SheetRows, Workbook } from '../../../formats/workbook.js';

/**
 * ONS's own relationship workbook: of its tables (major, sub-major, minor and unit group; by sex;
 * LFS and 2011 Census), the unit-group table from SOC 2010 to SOC 2020, found by its labels in
 * whichever sheet holds it. Its layout is known only from a third party's reader (LAYOUTS.md
 * Part 2 §2): a header row naming SOC 2010 and SOC 2020; per SOC 2010 unit group a row with its
 * code and the four samples' bases, then a row per SOC 2020 destination with the four shares.
 */

class RelationshipLayoutError extends Error {
  override name = 'RelationshipLayoutError';
}

type Kind = 'base' | 'share';

/** The words a measure column's label (its header cell and the group headings above it) says it holds. */
const SEX: Array<[RegExp, 'men' | 'women']> = [
  [/\b(women|females?)\b/, 'women'],
  [/\b(men|males?)\b/, 'men'],
];
const SAMPLE: Array<[RegExp, 'Lfs' | 'Census']> = [
  [/\b(lfs|labour force survey)\b/, 'Lfs'],
  [/\bcensus\b/, 'Census'],
];
/** Share first: "% of base" is a share. */
const KIND: Array<[RegExp, Kind]> = [
  [/\b(perc|per cent|percent|percentage|share|proportion|pct)\b|%/, 'share'],
  [/\b(base|total sample|sample size|n|records|count)\b/, 'base'],
];
const SOC2010 = /^soc ?2010\b/i;
const SOC2020 = /^soc ?2020\b/i;
/** A header cell naming a title column beside the code column ("SOC 2010 title"). */
const TITLE = /\b(title|description|name|label)\b/i;
const UNIT_GROUP = /^(\d{4})(?:\s*[:\-–]\s*|\s+|$)(.*)$/;
const SOME_GROUP = /^(\d{1,4})\b/;
/** Header rows above the one naming SOC 2010 and SOC 2020 that may carry group headings (sex, sample). */
const HEADING_ROWS = 2;

const text = (cell: Cell | undefined): string =>
  cell === null || cell === undefined ? '' : String(cell).replace(/\s+/g, ' ').trim();
const words = (label: string) =>
  label
    .toLowerCase()
    .replace(/%/g, ' % ')
    .replace(/[^a-z0-9%]+/g, ' ');

const SAMPLE_NAMES: Record<CrosswalkSample, string> = {
  menLfs: "men's LFS",
  menCensus: "men's Census",
  womenLfs: "women's LFS",
  womenCensus: "women's Census",
};

interface TableColumns {
  header: number;
  soc2010: { code: number; title: number | null };
  soc2020: { code: number; title: number | null };
  measures: Record<CrosswalkSample, Record<Kind, number>>;
}

/** Why a sheet is not the table, and how far it got: no header (0), another table (1), a measure not labelled (2). */
interface Mismatch {
  stage: 0 | 1 | 2;
  reason: string;
}

/** The unit-group table's columns in one sheet, or why the sheet is not it (the first label that did not match). */
function columnsOf(name: string, rows: SheetRows): TableColumns | Mismatch {
  const header = rows.findIndex(
    (row) => row.some((c) => SOC2010.test(text(c))) && row.some((c) => SOC2020.test(text(c))),
  );
  if (header < 0) return { stage: 0, reason: `sheet "${name}" has no header row naming SOC 2010 and SOC 2020` };
  const cells = rows[header]!.map(text);
  const codeAndTitle = (pattern: RegExp) => {
    const named = cells.flatMap((c, i) => (pattern.test(c) ? [i] : []));
    const title = named.find((i) => TITLE.test(cells[i]!)) ?? null;
    return { code: named.find((i) => !TITLE.test(cells[i]!)), title };
  };
  const soc2010 = codeAndTitle(SOC2010);
  const soc2020 = codeAndTitle(SOC2020);
  if (soc2010.code === undefined || soc2020.code === undefined)
    return { stage: 0, reason: `sheet "${name}": the SOC 2010 or SOC 2020 header names only a title column` };
  const codes = { soc2010: { ...soc2010, code: soc2010.code }, soc2020: { ...soc2020, code: soc2020.code } };
  const level = levelOf(name, rows.slice(header + 1), codes);
  if (level) return { stage: 1, reason: level };
  const firstMeasure = Math.max(soc2010.code, soc2020.code, soc2010.title ?? 0, soc2020.title ?? 0) + 1;
  const measures = measureColumns(name, rows, header, firstMeasure);
  if ('reason' in measures) return measures;
  return { header, ...codes, measures };
}

/** The eight measure columns right of the code columns, by the words of their labels; or the first not found. */
function measureColumns(
  name: string,
  rows: SheetRows,
  header: number,
  firstMeasure: number,
): TableColumns['measures'] | Mismatch {
  const cells = rows[header]!.map(text);
  // Group headings (e.g. "Men" over its four columns) are merged cells: their text sits in the first column.
  const headings = rows.slice(Math.max(0, header - HEADING_ROWS), header).map((row) => {
    let carried = '';
    return cells.map((_, c) => (c < firstMeasure ? '' : (carried = text(row[c]) || carried)));
  });
  const measures: Partial<Record<CrosswalkSample, Partial<Record<Kind, number>>>> = {};
  for (let c = firstMeasure; c < cells.length; c++) {
    const label = words([...headings.map((h) => h[c]), cells[c]].join(' '));
    const sex = SEX.find(([re]) => re.test(label))?.[1];
    const sample = SAMPLE.find(([re]) => re.test(label))?.[1];
    const kind = KIND.find(([re]) => re.test(label))?.[1];
    if (!sex || !sample || !kind) continue;
    const key: CrosswalkSample = `${sex}${sample}`;
    const found = (measures[key] ??= {});
    if (found[kind] !== undefined)
      return {
        stage: 2,
        reason: `sheet "${name}": two columns hold the ${SAMPLE_NAMES[key]} ${kind} ("${cells[found[kind]]}", "${cells[c]}")`,
      };
    found[kind] = c;
  }
  for (const sample of CROSSWALK_SAMPLES)
    for (const kind of ['base', 'share'] as const)
      if (measures[sample]?.[kind] === undefined)
        return {
          stage: 2,
          reason: `sheet "${name}": no column is labelled as the ${SAMPLE_NAMES[sample]} ${kind === 'base' ? 'base (records)' : 'share (per cent)'}`,
        };
  return measures as TableColumns['measures'];
}

/** Why the rows under the header are not the table from SOC 2010 unit groups (another level, the other direction); null when they are. */
function levelOf(name: string, rows: SheetRows, codes: Pick<TableColumns, 'soc2010' | 'soc2020'>): string | null {
  for (const row of rows) {
    const from = text(row[codes.soc2010.code]);
    const to = text(row[codes.soc2020.code]);
    if (SOME_GROUP.test(from))
      return UNIT_GROUP.test(from) ? null : `sheet "${name}": its first group "${from}" is not a SOC 2010 unit group`;
    if (SOME_GROUP.test(to))
      return `sheet "${name}": its first group is the SOC 2020 "${to}", so it runs from SOC 2020 to SOC 2010`;
  }
  return `sheet "${name}": no SOC 2010 group under its header`;
}

/**
 * Reads the unit-group table from SOC 2010 to SOC 2020 out of ONS's relationship workbook. Every
 * sheet is searched; exactly one must hold it. Shares published as percentages (any over 1) are
 * read as fractions. Throws naming the first label that did not match.
 */
export function relationshipTablesOf(workbook: Workbook): SocCrosswalk {
  const mismatches: Mismatch[] = [];
  const tables: Array<{ name: string; rows: SheetRows; columns: TableColumns }> = [];
  for (const [name, rows] of Object.entries(workbook.sheets)) {
    const columns = columnsOf(name, rows);
    if ('reason' in columns) mismatches.push(columns);
    else tables.push({ name, rows, columns });
  }
  if (tables.length > 1)
    throw new RelationshipLayoutError(
      `sheets ${tables.map((t) => `"${t.name}"`).join(' and ')} each hold a SOC 2010 to SOC 2020 unit-group table`,
    );
  const table = tables[0];
  if (!table) {
    // The sheet that came nearest to being the table says most about what changed.
    const nearest = mismatches.reduce<Mismatch | null>((a, m) => (a && a.stage >= m.stage ? a : m), null);
    throw new RelationshipLayoutError(nearest?.reason ?? 'the workbook has no sheet');
  }
  return readTable(table.name, table.rows, table.columns);
}

function readTable(name: string, rows: SheetRows, columns: TableColumns): SocCrosswalk {
  const crosswalk: SocCrosswalk = { bases: [], links: [] };
  const samples = CROSSWALK_SAMPLES.map((sample) => ({ sample, ...columns.measures[sample] }));
  const group = (row: Cell[], at: TableColumns['soc2010'], where: string) => {
    const match = UNIT_GROUP.exec(text(row[at.code]));
    if (!match) return null;
    const title = at.title === null ? match[2]!.trim() : text(row[at.title]);
    if (!title) throw new RelationshipLayoutError(`${where}: unit group ${match[1]} has no title`);
    return { code: match[1]!, title };
  };
  let current: string | null = null;
  for (let r = columns.header + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const where = `sheet "${name}" row ${r + 1}`;
    const from = group(row, columns.soc2010, where);
    const to = group(row, columns.soc2020, where);
    if (from && to)
      throw new RelationshipLayoutError(`${where}: both a SOC 2010 (${from.code}) and a SOC 2020 (${to.code}) group`);
    if (from) {
      current = from.code;
      crosswalk.bases.push({
        soc2010: from.code,
        title: from.title,
        records: Object.fromEntries(
          samples.map((s) => [s.sample, count(row[s.base], where)]),
        ) as Soc2010Base['records'],
      });
    } else if (to) {
      if (current === null) throw new RelationshipLayoutError(`${where}: SOC 2020 ${to.code} under no SOC 2010 group`);
      crosswalk.links.push({
        soc2010: current,
        soc2020: to.code,
        soc2020Title: to.title,
        shares: Object.fromEntries(
          samples.map((s) => [s.sample, count(row[s.share], where)]),
        ) as SocCrosswalkLink['shares'],
      });
    } else if (SOME_GROUP.test(text(row[columns.soc2010.code])) || SOME_GROUP.test(text(row[columns.soc2020.code]))) {
      throw new RelationshipLayoutError(
        `${where}: "${text(row[columns.soc2010.code]) || text(row[columns.soc2020.code])}" is not a unit group`,
      );
    } else if (samples.some((s) => typeof row[s.base] === 'number' || typeof row[s.share] === 'number')) {
      throw new RelationshipLayoutError(`${where}: figures on a row naming no SOC 2010 or SOC 2020 unit group`);
    }
    // Otherwise a blank row, a note or a heading: nothing to read.
  }
  const percentages = crosswalk.links.some((l) => Object.values(l.shares).some((s) => s !== null && s > 1 + 1e-9));
  if (percentages)
    for (const link of crosswalk.links)
      for (const sample of CROSSWALK_SAMPLES) {
        const value = link.shares[sample];
        if (value === null) continue;
        if (value > 100 + 1e-9)
          throw new RelationshipLayoutError(
            `sheet "${name}": a share of ${value} per cent (${link.soc2010} > ${link.soc2020})`,
          );
        link.shares[sample] = value / 100;
      }
  return crosswalk;
}

/** A count or share as published: a non-negative number, or blank (none). */
function count(cell: Cell | undefined, where: string): number | null {
  if (cell === null || cell === undefined || text(cell) === '') return null;
  if (typeof cell !== 'number' || !Number.isFinite(cell) || cell < 0)
    throw new RelationshipLayoutError(`${where}: "${text(cell)}" is not a figure`);
  return cell;
}

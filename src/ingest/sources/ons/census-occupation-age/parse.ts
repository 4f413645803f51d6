import type { CensusAgeBand, CensusAgeCell, CensusAgeRelease, CensusSex } from '../../../../domain/employment.js';
import type { Cell, SheetRows, Workbook } from '../../../formats/workbook.js';

/**
 * The layout read is inferred (README): no copy or reader of this workbook has been seen. It is
 * that of its sibling workbook in the same release (row 2 "England and Wales, March 2021", a header
 * row opening "SOC2020 Unit Group", a 4-digit unit group on every row below), with the bands and
 * sex the landing page describes as columns. Anything else is refused, naming what did not match.
 */

const CODE_HEADER = 'SOC2020 Unit Group';
const AREA_AND_DATE = 'England and Wales, March 2021';
/** The release's own words: 5-year bands except 16 to 19 and 65 and over. */
const EXPECTED_BANDS: readonly [number, number | null][] = [
  [16, 19],
  [20, 24],
  [25, 29],
  [30, 34],
  [35, 39],
  [40, 44],
  [45, 49],
  [50, 54],
  [55, 59],
  [60, 64],
  [65, null],
];
const HEADER_ROWS_SEARCHED = 20;

const TITLE = /^(?:SOC2020 unit group |unit group |occupation )?(?:label|title|name)$/i;
const SEX = /^sex$/i;
const TOTAL = /^(?:total|all ages|total population)$/i;
const CLOSED_BAND = /^(?:aged )?(\d{2}) (?:to|-) (\d{2})(?: years)?$/i;
const OPEN_BAND = /^(?:aged )?(\d{2})(?: years)?(?: and over| and older|\+)$/i;
const SEXES: [RegExp, CensusSex][] = [
  [/^(?:all persons|persons|all|total)$/i, 'all'],
  [/^(?:males?|men)$/i, 'male'],
  [/^(?:females?|women)$/i, 'female'],
];
const SUPPRESSED = '[c]';

type Column =
  { kind: 'code' | 'title' | 'sex' | 'total'; index: number } | { kind: 'band'; index: number; band: CensusAgeBand };

const text = (cell: Cell | undefined) =>
  cell === null || cell === undefined ? '' : String(cell).replace(/\s+/g, ' ').trim();

/** The sheets with a header row opening "SOC2020 Unit Group" in their first rows; the cover, contents and notes have none. */
function headerRowOf(rows: SheetRows): number {
  return rows.slice(0, HEADER_ROWS_SEARCHED).findIndex((row) => text(row[0]) === CODE_HEADER);
}

export function parseCensusAgeWorkbook(workbook: Workbook): CensusAgeRelease {
  const tables = workbook.sheetNames
    .map((name) => ({ name, rows: workbook.sheets[name] ?? [] }))
    .map((sheet) => ({ ...sheet, header: headerRowOf(sheet.rows) }))
    .filter((sheet) => sheet.header >= 0);
  if (tables.length === 0)
    throw new Error(
      `no sheet has a header row opening "${CODE_HEADER}" in its first ${HEADER_ROWS_SEARCHED} rows (sheets: ${workbook.sheetNames.join(', ')})`,
    );
  let bands: CensusAgeBand[] | null = null;
  const cells: CensusAgeCell[] = [];
  for (const { name, rows, header } of tables) {
    const stated = rows.slice(0, header).some((row) => text(row[0]) === AREA_AND_DATE);
    if (!stated) throw new Error(`sheet "${name}" does not say "${AREA_AND_DATE}" above its header row`);
    const columns = columnsOf(rows[header]!, name);
    const sheetBands = columns.flatMap((c) => (c.kind === 'band' ? [c.band] : []));
    if (bands && JSON.stringify(bands) !== JSON.stringify(sheetBands))
      throw new Error(`sheet "${name}" has other age bands than the sheet before it`);
    bands = sheetBands;
    for (const row of rows.slice(header + 1)) cells.push(...rowCells(row, columns, name));
  }
  return { areaAndDate: AREA_AND_DATE, bands: bands!, cells };
}

/** Every header label is one this parser knows; the bands are the eleven the release describes, youngest first. */
function columnsOf(header: Cell[], sheet: string): Column[] {
  const columns: Column[] = [];
  const bands: CensusAgeBand[] = [];
  header.forEach((cell, index) => {
    const label = text(cell);
    if (label === '') return;
    if (index === 0) return columns.push({ kind: 'code', index });
    if (TITLE.test(label)) return columns.push({ kind: 'title', index });
    if (SEX.test(label)) return columns.push({ kind: 'sex', index });
    if (TOTAL.test(label)) return columns.push({ kind: 'total', index });
    const closed = CLOSED_BAND.exec(label);
    const open = closed ? null : OPEN_BAND.exec(label);
    if (!closed && !open) throw new Error(`sheet "${sheet}": the column "${label}" is not a label this layout has`);
    const [from, to] = closed ? [Number(closed[1]), Number(closed[2])] : [Number(open![1]), null];
    const expected = EXPECTED_BANDS[bands.length];
    if (!expected || expected[0] !== from || expected[1] !== to)
      throw new Error(
        `sheet "${sheet}": the age band "${label}" is not the next of the release's bands (16 to 19, 20 to 24, … 65 and over)`,
      );
    const band = { position: bands.length + 1, label, from, to };
    bands.push(band);
    columns.push({ kind: 'band', index, band });
  });
  if (!columns.some((c) => c.kind === 'sex')) throw new Error(`sheet "${sheet}": no "Sex" column in the header row`);
  if (bands.length !== EXPECTED_BANDS.length)
    throw new Error(
      `sheet "${sheet}": ${bands.length} age bands in the header row, not the release's ${EXPECTED_BANDS.length}`,
    );
  return columns;
}

function rowCells(row: Cell[], columns: Column[], sheet: string): CensusAgeCell[] {
  if (row.every((cell) => text(cell) === '')) return [];
  const code = text(row[0]);
  if (!/^\d{4}$/.test(code))
    throw new Error(`sheet "${sheet}": "${code}" under "${CODE_HEADER}" is not a 4-digit unit group`);
  const sexLabel = text(row[columns.find((c) => c.kind === 'sex')!.index]);
  const sex = SEXES.find(([pattern]) => pattern.test(sexLabel))?.[1];
  if (!sex) throw new Error(`sheet "${sheet}", ${code}: the sex "${sexLabel}" is not one this layout has`);
  return columns.flatMap((c) =>
    c.kind === 'band' || c.kind === 'total'
      ? [{ soc2020: code, sex, band: c.kind === 'band' ? c.band.position : null, ...figure(row[c.index], sheet, code) }]
      : [],
  );
}

/** A count (ONS rounds them to 5), or `[c]`: fewer than 10 respondents, withheld. Anything else refuses the file. */
function figure(cell: Cell | undefined, sheet: string, code: string): Pick<CensusAgeCell, 'people' | 'marker'> {
  if (typeof cell === 'number' && Number.isFinite(cell) && cell >= 0)
    return { people: Math.round(cell), marker: 'published' };
  if (text(cell) === SUPPRESSED) return { people: null, marker: 'withheld' };
  throw new Error(`sheet "${sheet}", ${code}: "${text(cell)}" is neither a count nor "${SUPPRESSED}"`);
}

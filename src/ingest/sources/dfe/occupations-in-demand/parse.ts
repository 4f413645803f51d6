import {
  DEMAND_INDICATORS,
  type DemandAssessment,
  type DemandIndicator,
  type DemandRelease,
} from '../../../../domain/demand.js';
import {
  COLUMN,
  EXCLUDED,
  INDICATOR_VALUE_COLUMNS,
  LEVELS,
  MARKERS,
  MEASURES,
  NO_CAVEAT,
  OCCUPATION_TABLE,
  REVISED_TABLE,
  signalColumns,
} from './layout.js';
import {
  csvTablesOf,
  ONE_CSV,
  readOccupationRows,
  rowKey,
  WHAT,
  type CsvTable,
  type OccupationRows,
} from './tables.js';

const SIGNAL_COLUMNS = DEMAND_INDICATORS.flatMap((indicator) => [...signalColumns(indicator)]);

/** The columns a year's tables must give between them, in the order a refusal names the first missing. */
const REQUIRED = [
  COLUMN.level,
  COLUMN.demandIndex,
  ...SIGNAL_COLUMNS,
  COLUMN.uncertainty,
  COLUMN.imputation,
  COLUMN.capping,
] as const;

/**
 * Reads Skills England's occupations-in-demand release (the release's files zip, or one CSV of
 * it): the latest year's assessment of each unit group, and the year before where the release
 * re-assesses it on the same method (its `_<year>_revised` tables). Of a zip only the tables the
 * release names as its tables of occupations are read (`OCCUPATION_TABLE`), each checked to be of
 * the year it is served as; the unit groups' own rows are kept from the tidy cube; a layout it
 * does not know throws naming the first label that did not match.
 */
export function parseOccupationsInDemand(bytes: Uint8Array): DemandRelease {
  const { chosen, named } = chooseTables(csvTablesOf(bytes));
  const revisedYear = (table: CsvTable) => Number(REVISED_TABLE.exec(table.name)?.[1] ?? NaN);
  const current = chosen.filter((table) => Number.isNaN(revisedYear(table))).map(readOccupationRows);
  const year = releaseYear(current, named);
  // A re-assessment of another year than the one before is not `previous`, and is not read.
  const revised = chosen.filter((table) => revisedYear(table) === year - 1).map(readOccupationRows);
  for (const table of revised) yearOf(table, year - 1);
  return {
    year,
    assessments: [...assess(year, current), ...(revised.length > 0 ? assess(year - 1, revised) : [])],
  };
}

const isNamed = (table: CsvTable) => OCCUPATION_TABLE.test(table.name);

/**
 * The year the release assesses: the latest of its tables' `time_period`s. The release's own tables
 * of occupations (a zip's) must each be of that one year; one CSV of a data catalogue may hold several.
 */
function releaseYear(current: OccupationRows[], named: boolean): number {
  const years = current.flatMap((table) => [...yearsOf(table)]);
  if (years.length === 0)
    throw new Error(
      `${WHAT}: no unit group has a row of its own in ${current.map((t) => t.name).join(', ') || 'any table that is not a revision'}`,
    );
  const year = Math.max(...years);
  if (named) for (const table of current) yearOf(table, year);
  return year;
}

function yearsOf(table: OccupationRows): Set<number> {
  return new Set([...table.rows.keys()].map((key) => Number(key.slice(0, 4))));
}

/** Refuses a table whose rows are not all of the year it is served as, naming the years it has. */
function yearOf(table: OccupationRows, year: number): void {
  const years = [...yearsOf(table)].sort();
  if (years.length !== 1 || years[0] !== year)
    throw new Error(
      `${WHAT}, ${table.name}: its ${COLUMN.year} is ${years.join(', ') || 'absent'}, but it is served as the assessment of ${year}`,
    );
}

/**
 * The tables of occupations. Of a zip, those the release names so (`OCCUPATION_TABLE`), which must
 * have `soc20_unit`, `demand_level` and `time_period` and either the five indicators' values or
 * the demand index; of one CSV, the CSV if it has them. Throws when none is, naming what is there
 * or what the nearest table lacks.
 */
function chooseTables(tables: CsvTable[]): { chosen: CsvTable[]; named: boolean } {
  const missingFrom = (table: CsvTable, columns: readonly string[]) => columns.filter((c) => !table.header.includes(c));
  const needs = (table: CsvTable) => {
    const base = missingFrom(table, [COLUMN.unit, COLUMN.level, COLUMN.year]);
    const values = missingFrom(table, INDICATOR_VALUE_COLUMNS);
    const index = missingFrom(table, [COLUMN.demandIndex]);
    return [...base, ...(values.length <= index.length ? values : index)];
  };
  // A download that is one CSV (a data-catalogue download) is chosen by its columns alone.
  const single = tables.length === 1 && tables[0]!.name === ONE_CSV;
  const chosen = single ? tables : tables.filter(isNamed);
  if (chosen.length === 0)
    throw new Error(
      `${WHAT}: no table named as the release's tables of occupations (raw_OID_output.csv, scaled_OID_output.csv, or either ending _<year>_revised.csv); files: ${tables.map((t) => t.name).join(', ') || 'none'}`,
    );
  const lacking = chosen.find((table) => needs(table).length > 0);
  if (lacking)
    throw new Error(
      `${WHAT}: no table of occupations by demand level: ${lacking.name} has no column "${needs(lacking)[0]}" (columns: ${lacking.header.join(', ')})`,
    );
  return { chosen, named: !single };
}

/** The year's assessments, each unit group's fields taken from whichever of the year's tables carry them (agreeing where several do). */
function assess(year: number, tables: OccupationRows[]): DemandAssessment[] {
  const ofYear = tables.filter((table) => [...table.rows.keys()].some((key) => key.startsWith(`${year} `)));
  const names = ofYear.map((t) => t.name).join(', ');
  for (const column of REQUIRED)
    if (!ofYear.some((table) => table.header.includes(column)))
      throw new Error(`${WHAT}: no table of ${year} has a column "${column}" (tables: ${names || 'none'})`);
  const units = [...new Set(ofYear.flatMap((t) => [...t.rows.keys()].filter((k) => k.startsWith(`${year} `))))]
    .map((key) => key.slice(5))
    .sort();
  const assessments: DemandAssessment[] = [];
  for (const soc of units) {
    const records = ofYear.map((table) => {
      const record = table.rows.get(rowKey(year, soc));
      if (!record)
        throw new Error(
          `${WHAT}: ${table.name} has no row of its own for unit group ${soc} in ${year}, which ${names} list`,
        );
      return { table, record };
    });
    const cell = (column: string): string | undefined => {
      const given = records.filter((r) => r.table.header.includes(column));
      const first = given[0];
      if (!first) return undefined;
      const value = first.record[column]!.trim();
      const other = given.find((r) => !sameValue(r.record[column]!.trim(), value));
      if (other)
        throw new Error(
          `${WHAT}: unit group ${soc} in ${year}: ${column} is "${value}" in ${first.table.name} and "${other.record[column]}" in ${other.table.name}`,
        );
      return value;
    };
    const where = `${WHAT}: unit group ${soc} in ${year}`;
    const geography = cell(COLUMN.geography);
    if (geography !== undefined && geography !== 'National')
      throw new Error(`${where}: ${COLUMN.geography} is "${geography}", this table has only "National"`);
    const levelText = cell(COLUMN.level)!;
    if (levelText === EXCLUDED) continue;
    const level = LEVELS[levelText];
    if (!level)
      throw new Error(
        `${where}: ${COLUMN.level} "${levelText}" is none of ${[...Object.keys(LEVELS), EXCLUDED].map((l) => `"${l}"`).join(', ')}`,
      );
    assessments.push({
      soc2020: soc,
      year,
      level,
      demandIndex: figure(cell(COLUMN.demandIndex)!, `${where}, ${COLUMN.demandIndex}`),
      indicators: indicators(cell, where),
      uncertainty: caveat(cell(COLUMN.uncertainty)!),
      imputation: caveat(cell(COLUMN.imputation)!),
      capping: caveat(cell(COLUMN.capping)!),
      onImmigrationSalaryList: yesNo(cell(COLUMN.salaryList), `${where}, ${COLUMN.salaryList}`),
      workers: workers(cell(COLUMN.workers), `${where}, ${COLUMN.workers}`),
    });
  }
  return assessments;
}

/** Each indicator's signal from its `_critical` and `_elevated` flags; an indicator whose flags are withheld is left out. */
function indicators(cell: (column: string) => string | undefined, where: string): DemandIndicator[] {
  return DEMAND_INDICATORS.flatMap((indicator) => {
    const [critical, elevated] = signalColumns(indicator).map((column) => flag(cell(column)!, `${where}, ${column}`));
    if (critical === null || elevated === null) return [];
    return [
      { indicator, signal: critical ? 'critical' : elevated ? 'elevated' : 'none', measures: MEASURES[indicator] },
    ];
  });
}

function sameValue(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [Number(a), Number(b)];
  return a !== '' && b !== '' && Number.isFinite(x) && x === y;
}

function figure(text: string, where: string): number | null {
  if (MARKERS.has(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`${where}: "${text}" is neither a figure nor a marker (x, c, z, u)`);
  return value;
}

function flag(text: string, where: string): boolean | null {
  const value = figure(text, where);
  if (value !== null && value !== 0 && value !== 1) throw new Error(`${where}: "${text}" is neither 0 nor 1`);
  return value === null ? null : value === 1;
}

function yesNo(text: string | undefined, where: string): boolean | null {
  if (text === undefined || MARKERS.has(text)) return null;
  if (text === 'Yes' || text === 'No') return text === 'Yes';
  throw new Error(`${where}: "${text}" is neither "Yes" nor "No"`);
}

function workers(text: string | undefined, where: string): number | null {
  if (text === undefined) return null;
  const value = figure(text, where);
  if (value !== null && (!Number.isInteger(value) || value < 0))
    throw new Error(`${where}: "${text}" is not a count of people`);
  return value;
}

/** A note column's text, or null where the publisher says there is nothing to note (or withholds it). */
function caveat(text: string): string | null {
  return MARKERS.has(text) || NO_CAVEAT.test(text) ? null : text;
}

import {
  CODE_DIGITS,
  VACANCY_GROUP_LEVELS,
  type EssRelease,
  type EssRowKind,
  type EssVacancyRow,
} from '../../../../domain/vacancies.js';
import { readCsv, type DelimitedRecord } from '../../../formats/delimited.js';

/** The columns read, by their labels in the file's header. */
const COLUMN = {
  year: 'time_period',
  period: 'time_identifier',
  level: 'geographic_level',
  country: 'country_code',
  sector: 'sector',
  unitGroup: 'soc_4_labelled',
  minorGroup: 'soc_3_labelled',
  subMajorGroup: 'soc_2_labelled',
  majorGroup: 'soc_1_labelled',
  employers: 'sample_occupations_estab_has_vacancy',
  vacancies: 'vac_sum',
  hardToFill: 'htfv_sum',
  skillShortage: 'ssv_sum',
  hardToFillPercent: 'htfv_den',
  skillShortagePercent: 'ssv_den',
} as const;

/**
 * What every row of this table says outside its figures: calendar years, the UK as one national
 * area and all sectors. A row saying anything else (a nation, a sector) is a layout this parser
 * does not know, and the release is refused.
 */
const FIXED: ReadonlyArray<readonly [column: string, value: string]> = [
  [COLUMN.period, 'Calendar year'],
  [COLUMN.level, 'National'],
  [COLUMN.country, 'K02000001'],
  [COLUMN.sector, 'Total'],
];

/** The SOC columns, finest first, beside the level each names. */
const SOC_COLUMNS = [COLUMN.unitGroup, COLUMN.minorGroup, COLUMN.subMajorGroup, COLUMN.majorGroup] as const;
const TOTAL = 'Total';
const NOT_CODEABLE = 'Not codeable to this level of SOC';

/** The suppression markers: `c` for a confidential count of establishments, `u` for figures not reported. */
const CONFIDENTIAL = 'c';
const NOT_REPORTED = 'u';

/**
 * Reads DfE's Employer Skills Survey tidy data of vacancies by occupation: one row per survey year
 * and SOC 2010 unit group, plus a "Not codeable" and a "Total" row each year, and any minor,
 * sub-major or major group rows the release publishes (the group in its column, `Total` in the finer ones). Columns are found by
 * their labels; an unknown row label, marker or layout throws.
 */
export function parseEssVacancies(bytes: Uint8Array): EssRelease {
  const records = readCsv(bytes, Object.values(COLUMN), 'Employer Skills Survey vacancies by occupation');
  if (records.length === 0) throw new Error('the file has a header and no rows');
  const rows = records.map((record, index) => parseRow(record, `row ${index + 2}`));
  return { years: [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b), rows };
}

function parseRow(record: DelimitedRecord, where: string): EssVacancyRow {
  for (const [column, value] of FIXED) {
    if (record[column] !== value)
      throw new Error(`${where}: ${column} is "${record[column]}", this table has only "${value}"`);
  }
  const yearText = record[COLUMN.year]!;
  if (!/^\d{4}$/.test(yearText)) throw new Error(`${where}: ${COLUMN.year} "${yearText}" is not a year`);
  const row = rowGroup(record, where);
  const figure = (column: string, max = Infinity) => measure(record[column]!, `${where} ${column}`, max);
  return {
    year: Number(yearText),
    ...row,
    employersReporting: establishments(record[COLUMN.employers]!, `${where} ${COLUMN.employers}`),
    vacancies: figure(COLUMN.vacancies),
    hardToFill: figure(COLUMN.hardToFill),
    skillShortage: figure(COLUMN.skillShortage),
    hardToFillPercent: figure(COLUMN.hardToFillPercent, 100),
    skillShortagePercent: figure(COLUMN.skillShortagePercent, 100),
  };
}

/**
 * The group a row is about, from its four SOC columns: `Total` in all is the year's total; otherwise
 * the finest column not `Total` names the group ("NNN - Title" in `soc_3_labelled` is a minor
 * group), the finer ones are `Total`, and a coarser one is `Total` or the group's parent.
 */
function rowGroup(record: DelimitedRecord, where: string): Pick<EssVacancyRow, 'kind' | 'soc2010' | 'title'> {
  const labels = SOC_COLUMNS.map((column) => record[column]!);
  const finest = labels.findIndex((label) => label !== TOTAL);
  if (finest === -1) return { kind: 'total', soc2010: null, title: null };
  if (finest === 0 && labels[0] === NOT_CODEABLE && labels.slice(1).every((l) => l === TOTAL))
    return { kind: 'not codeable', soc2010: null, title: null };
  const level = VACANCY_GROUP_LEVELS[finest]!;
  const group = new RegExp(`^(\\d{${CODE_DIGITS[level]}}) - (.+)$`).exec(labels[finest]!);
  if (!group)
    throw new Error(
      `${where}: ${SOC_COLUMNS[finest]} "${labels[finest]}" is neither a ${level} ("${'N'.repeat(CODE_DIGITS[level])} - Title")${finest === 0 ? `, "${NOT_CODEABLE}"` : ''} nor "${TOTAL}"`,
    );
  const code = group[1]!;
  for (let i = finest + 1; i < labels.length; i++) {
    const parent = /^(\d+) - /.exec(labels[i]!)?.[1];
    if (labels[i] !== TOTAL && parent !== code.slice(0, CODE_DIGITS[VACANCY_GROUP_LEVELS[i]!]))
      throw new Error(
        `${where}: ${SOC_COLUMNS[i]} "${labels[i]}" is neither "${TOTAL}" nor the group containing ${code}`,
      );
  }
  return { kind: level satisfies EssRowKind, soc2010: code, title: group[2]! };
}

function establishments(text: string, where: string): number | null {
  if (text === CONFIDENTIAL) return null;
  if (!/^\d+$/.test(text))
    throw new Error(`${where}: "${text}" is neither a count of establishments nor "${CONFIDENTIAL}"`);
  return Number(text);
}

function measure(text: string, where: string, max: number): number | null {
  if (text === NOT_REPORTED) return null;
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max + 1e-9)
    throw new Error(
      `${where}: "${text}" is neither a figure${Number.isFinite(max) ? ` from 0 to ${max}` : ''} nor "${NOT_REPORTED}"`,
    );
  return value;
}

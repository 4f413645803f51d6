import type {
  ApsCountStatus,
  ApsEmploymentType,
  ApsOccupationCount,
  ApsOccupationRelease,
  ApsPattern,
  ApsSex,
} from '../../../../domain/employment.js';
import { readCsv, type DelimitedRecord } from '../../../formats/delimited.js';

/** The UK and the four nations, by GSS code: the only areas read. */
const AREAS = ['K02000001', 'E92000001', 'W92000004', 'S92000003', 'N92000002'];
const UK = 'K02000001';

/** "January-December 2025": the industry table's wording of a year, so one series reads alike. */
function periodOf(year: number): string {
  return `January-December ${year}`;
}

/** Nomis's name of a Jan-Dec period, e.g. `Jan 2025-Dec 2025`. */
function nomisPeriodName(year: number): string {
  return `Jan ${year}-Dec ${year}`;
}

function countOf(text: string, where: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`${where}: "${text}" is not a count of people`);
  return Number(text);
}

const RELAY_COLUMNS = ['date_name', 'geography_code', 'soc2020_code', 'obs_value'] as const;

/**
 * A third party's relay of Nomis NM_218_1 UK counts (the mirror's `aps-employment-4digit`): one row
 * per unit group, people in employment in a multiple of 100, a blank where no estimate was served.
 * Anything else (another period or area, a repeated code, a figure Nomis would not serve) refuses it.
 */
export function parseRelayedCsv(bytes: Uint8Array, year: number, relayedBy: string): ApsOccupationRelease {
  const what = `the relayed NM_218_1 counts for ${year}`;
  const seen = new Set<string>();
  const counts = readCsv(bytes, RELAY_COLUMNS, what).map((row, i): ApsOccupationCount => {
    const where = `${what}, row ${i + 2}`;
    if (row.date_name !== nomisPeriodName(year))
      throw new Error(`${where}: the period "${row.date_name}" is not ${nomisPeriodName(year)}`);
    if (row.geography_code !== UK) throw new Error(`${where}: the area ${row.geography_code} is not the UK (${UK})`);
    const soc2020 = row.soc2020_code!;
    if (!/^[1-9]\d{3}$/.test(soc2020)) throw new Error(`${where}: "${soc2020}" is not a unit group code`);
    if (seen.has(soc2020)) throw new Error(`${where}: unit group ${soc2020} appears twice`);
    seen.add(soc2020);
    const text = row.obs_value!.trim();
    const people = text === '' ? null : countOf(text, where);
    if (people !== null && people % 100 !== 0)
      throw new Error(`${where}: ${people} is not a multiple of 100, as Nomis serves APS counts`);
    return {
      area: UK,
      soc2020,
      sex: 'all',
      pattern: 'all',
      employment: 'all',
      people,
      confidence: null,
      status: people === null ? 'not-published' : 'published',
    };
  });
  return { year, period: periodOf(year), origin: 'relayed', relayedBy, counts, skippedAreas: [] };
}

/** The columns the Nomis query's `select=` asks for, as Nomis names them in a CSV header. */
export const NOMIS_COLUMNS = [
  'DATE',
  'DATE_NAME',
  'GEOGRAPHY_CODE',
  'GEOGRAPHY_NAME',
  'C_SEX',
  'C_SEX_NAME',
  'FTPT',
  'FTPT_NAME',
  'ETYPE',
  'ETYPE_NAME',
  'SOC2020_FULL',
  'SOC2020_FULL_NAME',
  'MEASURES',
  'MEASURES_NAME',
  'OBS_VALUE',
  'OBS_STATUS',
  'RECORD_COUNT',
] as const;

/** A dimension value by its Nomis name: an unknown name refuses the release. */
function byName<T extends string>(dimension: string, name: string, values: [RegExp, T][], where: string): T {
  const found = values.find(([pattern]) => pattern.test(name.trim()));
  if (!found) throw new Error(`${where}: ${dimension} "${name}" is not a value this parser knows`);
  return found[1];
}

const SEXES: [RegExp, ApsSex][] = [
  [/^all persons$/i, 'all'],
  [/^males?$/i, 'male'],
  [/^females?$/i, 'female'],
];
const PATTERNS: [RegExp, ApsPattern][] = [
  [/^all\b/i, 'all'],
  [/^full[- ]time/i, 'fulltime'],
  [/^part[- ]time/i, 'parttime'],
];
const TYPES: [RegExp, ApsEmploymentType][] = [
  [/^all\b/i, 'all'],
  [/^employees?\b/i, 'employees'],
  [/^self[- ]employed/i, 'self-employed'],
];
const MEASURES: [RegExp, 'value' | 'confidence'][] = [
  [/^value$/i, 'value'],
  [/^confidence$/i, 'confidence'],
];

interface NomisCell {
  key: string;
  count: Omit<ApsOccupationCount, 'people' | 'confidence' | 'status'>;
  measure: 'value' | 'confidence';
  value: number | null;
  status: ApsCountStatus;
}

function nomisCell(row: DelimitedRecord, year: number, where: string): NomisCell | null {
  if (row.DATE_NAME !== nomisPeriodName(year))
    throw new Error(`${where}: the period "${row.DATE_NAME}" is not ${nomisPeriodName(year)}`);
  const area = row.GEOGRAPHY_CODE!;
  if (!AREAS.includes(area)) return null;
  const code = /^(\d{4}) : \S/.exec(row.SOC2020_FULL_NAME!)?.[1];
  if (!code) throw new Error(`${where}: "${row.SOC2020_FULL_NAME}" does not begin with a unit group code`);
  const count = {
    area,
    soc2020: code,
    sex: byName('C_SEX_NAME', row.C_SEX_NAME!, SEXES, where),
    pattern: byName('FTPT_NAME', row.FTPT_NAME!, PATTERNS, where),
    employment: byName('ETYPE_NAME', row.ETYPE_NAME!, TYPES, where),
  };
  const measure = byName('MEASURES_NAME', row.MEASURES_NAME!, MEASURES, where);
  const text = row.OBS_VALUE!.trim();
  let status: ApsCountStatus;
  if (row.OBS_STATUS === 'A' && text !== '') status = 'published';
  else if (row.OBS_STATUS === 'Q' && text === '') status = 'withheld';
  else throw new Error(`${where}: status "${row.OBS_STATUS}" with value "${text}" is not A with a figure or Q without`);
  const value = status === 'published' ? countOf(text, where) : null;
  const key = [area, code, count.sex, count.pattern, count.employment].join('|');
  return { key, count, measure, value, status };
}

/**
 * The pages of a Nomis API query of NM_218_1 (CSV, the columns of `NOMIS_COLUMNS`): counts and
 * their 95% interval half-widths for the UK and nations by sex, work pattern and employment type.
 * Every page must have the same header and together hold `RECORD_COUNT` rows. Areas other than the
 * UK and its nations are skipped and named.
 */
export function parseNomisPages(pages: Uint8Array[], year: number): ApsOccupationRelease {
  const cells = new Map<string, ApsOccupationCount>();
  const skipped = new Set<string>();
  let rows = 0;
  let declared: number | null = null;
  for (const [p, bytes] of pages.entries()) {
    const what = `the Nomis NM_218_1 query for ${year}, page ${p + 1}`;
    // A page past the last record holds no rows (the query is asked for in as many pages as it can need).
    if (declared !== null && rows === declared && !/\n\s*\S/.test(Buffer.from(bytes).toString('utf8').trim())) continue;
    const records = readCsv(bytes, NOMIS_COLUMNS, what);
    const header = Object.keys(records[0] ?? {});
    if (header.join(',') !== NOMIS_COLUMNS.join(','))
      throw new Error(`${what}: the columns are ${header.join(', ')}, not ${NOMIS_COLUMNS.join(', ')}`);
    for (const [i, row] of records.entries()) {
      rows++;
      const where = `${what}, row ${i + 2}`;
      declared ??= countOf(row.RECORD_COUNT!, where);
      if (countOf(row.RECORD_COUNT!, where) !== declared)
        throw new Error(`${where}: RECORD_COUNT ${row.RECORD_COUNT} differs from ${declared}`);
      const cell = nomisCell(row, year, where);
      if (!cell) {
        skipped.add(row.GEOGRAPHY_CODE!);
        continue;
      }
      const count = cells.get(cell.key) ?? { ...cell.count, people: null, confidence: null, status: cell.status };
      if (cell.measure === 'value') {
        count.people = cell.value;
        count.status = cell.status;
      } else count.confidence = cell.value;
      cells.set(cell.key, count);
    }
  }
  if (declared === null) throw new Error(`the Nomis NM_218_1 query for ${year} has no rows`);
  if (rows !== declared)
    throw new Error(`the Nomis NM_218_1 query for ${year} declares ${declared} records but its pages hold ${rows}`);
  return {
    year,
    period: periodOf(year),
    origin: 'nomis',
    relayedBy: null,
    counts: [...cells.values()],
    skippedAreas: [...skipped].sort(),
  };
}

import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import { DESCRIPTIONS_SHEET } from '../../src/ingest/sources/ons/soc2020-descriptions/parse.js';
import { upstreamPath } from './upstream.js';

/**
 * Skills England's occupations-in-demand release as a zip of its files, built in the layout a
 * notebook run on the real 2025 zip printed (`_publishers/LAYOUTS.md` §3; the source README cites
 * it): the file list, `raw_OID_output*`'s header in its order, the scaled tables' `demand_index`
 * and `<indicator>_critical`/`_elevated` columns, the tidy "Total" cube (each unit group repeated
 * with its filter columns set to `Total`; `Total` and `Excluded occupations` summary rows), `x`
 * for figures not available, and the 2024 assessment re-assessed (`_2024_revised`). The values
 * are made up here, deterministically from each unit group's place; tests compute what to expect
 * from `cellsOf`, the cells written.
 */

const RAW_HEADER = [
  'soc20_unit',
  'soc20_label',
  'visa_density',
  'wage_premium',
  'online_job_ad_density',
  'annual_change_in_hours_worked',
  'annual_perc_change_in_hourly_wage',
  'visa_density_lower_estimate',
  'wage_premium_lower_estimate',
  'online_job_ad_density_lower_estimate',
  'annual_change_in_hours_worked_lower_estimate',
  'annual_perc_change_in_hourly_wage_lower_estimate',
  'demand_level',
  'hourly_wage',
  'workers',
  'skill_level',
  'immigration_salary_list',
  'construction',
  'STEM',
  'indicator_uncertainty',
  'indicator_demand',
  'indicator_demand_uncertainty_flag',
  'imputation_capped_indicators',
  'named_imputed_indicators',
  'count',
  'percent',
  'demand_level_percent',
  'imputed_indicators',
  'missing_indicators',
  'time_period',
  'time_identifier',
  'geographic_level',
  'country_code',
  'country_name',
] as const;

const SIGNAL_PREFIXES = [
  'visa_density',
  'online_job_ad',
  'annual_change_in_hours_worked',
  'annual_perc_change_in_hourly_wage',
  'wage_premium',
] as const;

/** The scaled tables: no notes on imputation or capping (those come from the raw tables). */
const SCALED_HEADER = [
  'soc20_unit',
  'soc20_label',
  'demand_index',
  ...SIGNAL_PREFIXES.flatMap((p) => [`${p}_critical`, `${p}_elevated`]),
  'missing_indicators',
  'demand_level',
  'skill_level',
  'immigration_salary_list',
  'construction',
  'STEM',
  'indicator_uncertainty',
  'time_period',
  'time_identifier',
  'geographic_level',
  'country_code',
  'country_name',
] as const;

/** The cube's filter columns, in the order their `Total` combinations are made. */
const FILTERS = [
  'soc20_label',
  'demand_level',
  'skill_level',
  'immigration_salary_list',
  'construction',
  'STEM',
  'indicator_uncertainty',
] as const;

/** Unit groups the release assesses (the rest, 44 of 412, are its "Excluded occupations"). */
export const ASSESSED = 368;

type Cells = Record<string, string>;

let units: { code: string; title: string }[] | null = null;

/** The 412 unit groups, codes and titles, from the mirror's SOC 2020 Volume 1. */
function unitGroups(): { code: string; title: string }[] {
  units ??= readWorkbookSync(
    new Uint8Array(
      readFileSync(upstreamPath('soc2020/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx')),
    ),
    { sheets: [DESCRIPTIONS_SHEET] },
  )
    .sheets[DESCRIPTIONS_SHEET]!.filter((row) => typeof row[3] === 'number')
    .map((row) => ({ code: String(row[3]), title: String(row[4]) }));
  return units;
}

const LEVEL_NAMES = ['Critical demand', 'Elevated demand', 'Not in high demand'];

/** The indicators' values and the other figures of a row (`x` where not available). */
function figuresFor(j: number): Cells {
  return {
    visa_density: j % 10 === 4 ? '0.00001' : String(0.05 + (j % 13) / 10),
    wage_premium: String(((j % 17) - 8) / 40),
    online_job_ad_density: j % 8 === 3 ? 'x' : String(1 + (j % 11) / 3),
    annual_change_in_hours_worked: String(((j % 9) - 4) / 10),
    annual_perc_change_in_hourly_wage: String(95 + (j % 12)),
    hourly_wage: j % 15 === 2 ? 'x' : String(12 + (j % 30)),
    workers: String(1_000 + j * 137),
  };
}

/** The filter and note columns of a row. */
function notesFor(j: number, level: number): Cells {
  return {
    skill_level: `Skill level ${1 + (j % 4)}`,
    immigration_salary_list: j % 5 === 0 ? 'Yes' : 'No',
    construction: j % 6 === 1 ? 'Yes' : 'No',
    STEM: j % 4 === 1 ? 'Yes' : 'No',
    indicator_uncertainty: j % 4 === 0 ? 'No uncertainty' : 'Uncertainty in visa density',
    indicator_demand: level === 2 ? 'No uncertainty' : 'Demand in multiple indicators: wage premium, visa density',
    indicator_demand_uncertainty_flag: j % 4 === 0 ? 'No' : 'Yes',
    imputation_capped_indicators:
      j % 9 === 0
        ? 'Wage premium capped at elevated due to imputation'
        : 'No indicators capped at elevated due to imputation',
    named_imputed_indicators:
      j % 6 === 0
        ? 'Multiple indicators imputed: change in hourly wage, change in hours worked'
        : 'No indicators imputed',
  };
}

/** One unit group's cells in a year (2025, or 2024 as re-assessed, or `2024 original`). */
function cellsFor(i: number, code: string, title: string, year: number, shift: number): Cells {
  const j = i + shift;
  const level = j % 7 === 0 ? 0 : j % 3 === 0 ? 1 : 2;
  const cells: Cells = {
    soc20_unit: code,
    soc20_label: title,
    ...figuresFor(j),
    ...notesFor(j, level),
    demand_level: LEVEL_NAMES[level]!,
    count: '1',
    percent: '0.1',
    demand_level_percent: '0.2',
    imputed_indicators: String(j % 6 === 0 ? 2 : 0),
    missing_indicators: '0',
    demand_index: j % 41 === 5 ? 'x' : String(((j * 7) % 50) / 10 - 2),
    time_period: String(year),
    time_identifier: 'Reporting year',
    geographic_level: 'National',
    country_code: 'K02000001',
    country_name: 'United Kingdom',
  };
  for (const [k, prefix] of SIGNAL_PREFIXES.entries()) {
    const withheld = prefix === 'online_job_ad' && j % 53 === 7;
    cells[`${prefix}_critical`] = withheld ? 'x' : (j + k) % 7 === 0 ? '1' : '0';
    cells[`${prefix}_elevated`] = withheld ? 'x' : (j + k) % 3 === 0 ? '1' : '0';
  }
  for (const v of ['visa_density', 'wage_premium', 'online_job_ad_density', 'annual_change_in_hours_worked'])
    cells[`${v}_lower_estimate`] = cells[v] === 'x' ? 'x' : String(Number(cells[v]) * 0.9);
  cells.annual_perc_change_in_hourly_wage_lower_estimate = String(0.9 + (j % 12) / 100);
  return cells;
}

/** What the release's tables say of each assessed unit group, by year: the cells of its own row. */
interface DemandReleaseCells {
  /** 2025, and 2024 as the `_2024_revised` tables re-assess it. */
  byYear: Map<number, Map<string, Cells>>;
  /** Codes the release leaves out. */
  excluded: string[];
}

export function cellsOf(): DemandReleaseCells {
  const all = unitGroups();
  const assessed = all.slice(0, ASSESSED);
  const byYear = new Map<number, Map<string, Cells>>();
  for (const [year, shift] of [
    [2025, 0],
    [2024, 1],
  ] as const)
    byYear.set(year, new Map(assessed.map((u, i) => [u.code, cellsFor(i, u.code, u.title, year, shift)])));
  return { byYear, excluded: all.slice(ASSESSED).map((u) => u.code) };
}

function csvOf(header: readonly string[], rows: Cells[]): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header.join(','), ...rows.map((row) => header.map((c) => quote(row[c] ?? '')).join(','))].join('\n') + '\n';
}

/**
 * A table of the tidy cube: the `Total` summary rows first (as the real file begins), then each
 * unit group once for every combination of its filters being itself or `Total` (all seven for the
 * first three unit groups, 128 rows each; the first three filters for the rest), then the
 * `Excluded occupations` rows.
 */
function cube(header: readonly string[], cells: Map<string, Cells>, year: number): string {
  const rows: Cells[] = [];
  const first = [...cells.values()][0]!;
  for (const level of ['Total', ...LEVEL_NAMES])
    rows.push({
      ...first,
      ...Object.fromEntries(FILTERS.map((f) => [f, 'Total'])),
      soc20_unit: 'Total',
      demand_level: level,
      workers: '32772300',
      time_period: String(year),
    });
  [...cells.values()].forEach((unit, i) => {
    const varied = i < 3 ? FILTERS.length : 3;
    for (let mask = (1 << varied) - 1; mask >= 0; mask--) {
      const row = { ...unit };
      FILTERS.slice(0, varied).forEach((f, k) => {
        if (!(mask & (1 << k))) row[f] = 'Total';
      });
      rows.push(row);
    }
  });
  for (const filter of ['Excluded occupations', 'Total'])
    rows.push({
      ...first,
      ...Object.fromEntries(FILTERS.map((f) => [f, filter])),
      soc20_unit: 'Excluded occupations',
      soc20_label: 'Excluded occupations',
      demand_level: 'Excluded occupations',
      demand_index: 'x',
      time_period: String(year),
    });
  return csvOf(header, rows);
}

interface DemandZipOptions {
  /** Leave the re-assessed 2024 tables out. */
  withoutRevised?: boolean;
  /** Rename a column of the scaled tables (a layout the parser does not know). */
  renameScaled?: [from: string, to: string];
}

/** The release's files zip, as `/api/releases/{releaseVersionId}/files` serves it. */
export function occupationsInDemandZip(options: DemandZipOptions = {}): Uint8Array {
  const { byYear } = cellsOf();
  const scaledHeader = SCALED_HEADER.map((c) => (c === options.renameScaled?.[0] ? options.renameScaled[1] : c));
  const rename = (cells: Map<string, Cells>) =>
    options.renameScaled
      ? new Map(
          [...cells].map(([k, c]) => [k, { ...c, [options.renameScaled![1]]: c[options.renameScaled![0]]! }] as const),
        )
      : cells;
  const current = byYear.get(2025)!;
  const revised = byYear.get(2024)!;
  // The 2024 assessment on its own (older) method: other levels and indices, never read as `previous`.
  const original = new Map(
    [...revised].map(([code, c], i) => [code, cellsFor(i, code, c.soc20_label!, 2024, 2)] as const),
  );
  const files: Record<string, Uint8Array> = {
    'data/2024_original_revised_demand_table.csv': strToU8(
      csvOf(
        ['soc20_unit', 'soc20_label', 'original_demand_level', 'revised_demand_level'],
        [...revised.values()].map((c) => ({
          ...c,
          original_demand_level: 'Total',
          revised_demand_level: c.demand_level!,
        })),
      ),
    ),
    'data/2024_scaled_weighted_oid_output.csv': strToU8(cube(SCALED_HEADER, original, 2024)),
    'data/2024_sic_oid_output.csv': strToU8(sicTable(original, 2024)),
    'data/raw_OID_output.csv': strToU8(cube(RAW_HEADER, current, 2025)),
    'data/scaled_OID_output.csv': strToU8(cube(scaledHeader, rename(current), 2025)),
    'data/SIC_OID_output.csv': strToU8(sicTable(current, 2025)),
    'supporting-files/occupations_by_demand.csv': strToU8(
      csvOf(['demand_level', 'count'], [{ demand_level: 'Critical demand', count: '1' }]),
    ),
    'data-guidance/data-guidance.txt': strToU8('Occupations in demand: data guidance\n'),
  };
  if (!options.withoutRevised) {
    files['data/raw_OID_output_2024_revised.csv'] = strToU8(cube(RAW_HEADER, revised, 2024));
    files['data/scaled_OID_output_2024_revised.csv'] = strToU8(cube(scaledHeader, rename(revised), 2024));
    files['data/SIC_OID_output_2024_revised.csv'] = strToU8(sicTable(revised, 2024));
  }
  return zipSync(files, { level: 6 });
}

/** The occupations by industry (`SIC_OID_output*`): occupation columns, no indicators, an industry each. */
function sicTable(cells: Map<string, Cells>, year: number): string {
  const header = [
    'soc20_unit',
    'soc20_label',
    'SIC_name',
    'occupation_workers',
    'industry_workers',
    'demand_level',
    'skill_level',
    'time_period',
  ];
  const rows = [...cells.values()].slice(0, 20).map((c) => ({
    ...c,
    SIC_name: 'Health and social care',
    occupation_workers: c.workers!,
    industry_workers: '100',
    time_period: String(year),
  }));
  return csvOf(header, rows);
}

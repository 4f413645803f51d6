import type { Check } from '../../../domain/editions.js';
import {
  ALL_OCCUPATIONS,
  QUALIFICATION_LEVELS,
  type ProjectionClassification,
  type ProjectionFigures,
  type ProjectionRelease,
} from '../../../domain/projections.js';
import { insertProjectionRelease } from '../../../store/projections.js';
import { eachKeyOnce } from '../../checks/key-checks.js';
import { readWorkbook } from '../../formats/workbook-worker.js';
import { mirrorFileSource } from '../../single-file-sources.js';
import type { SourceDescriptor } from '../../source.js';
import { MAIN_TABLES_SHEETS, mainTablesOf } from './main-tables-layout.js';
import { DFE_PROFILE } from './publisher.js';
import { areaWorkbookOf, type ProjectionAreaWorkbook } from './area-workbooks.js';
import type { SourceKey, SourceTier } from '../../../domain/sources.js';

/** What differs between the MainTables workbooks the service reads: the round, the area's file, the classification. */
interface MainTablesSpec {
  key: SourceKey;
  name: string;
  /** DfE's page for the round. */
  url: string;
  /** The round as the producers name it, e.g. "Working Futures 2017-2027": the start of each release's label. */
  round: string;
  /** The mirror folder and the file in it. */
  folder: string;
  file: string;
  classification: ProjectionClassification;
  /** Sub-major groups the classification has (SOC 2020: 26; SOC 2010: 25). */
  subMajorGroups: number;
  /** The credit to show with the figures; the response's citation adds the workbook's own copyright line. */
  attribution: string;
  /** How the publisher's own surface offers the workbook; absent: mirror only. */
  discover?: SourceDescriptor['discover'];
  surface?: string;
  /** How the publisher offers it: an API (the default with `discover`) or a page to scrape. */
  tier?: SourceTier;
  /** The area the workbook must be for (its Info sheet's name), found inside a zip of the round's workbooks when need be. */
  area?: ProjectionAreaWorkbook;
}

/**
 * A MainTables workbook of employment projections by occupation (Warwick IER and Cambridge
 * Econometrics for DfE), from the mirror or from the publisher's attachment (the workbook, or a
 * zip holding it). Read as data only, in the workbook worker; quarantined when its layout or sums
 * are not those of the family, or it is another area's.
 */
export function mainTablesSource(spec: MainTablesSpec): SourceDescriptor<ProjectionRelease> {
  const {
    key,
    name,
    url,
    round,
    folder,
    file,
    classification,
    subMajorGroups,
    attribution,
    discover,
    surface,
    tier,
    area,
  } = spec;
  return mirrorFileSource(folder, DFE_PROFILE, {
    key,
    name,
    url,
    attribution,
    file,
    label: `${round}: ${file}`,
    ...(discover ? { discover, tier: tier ?? ('api' as const) } : {}),
    ...(surface ? { surface } : {}),
    parse: async (bytes) =>
      area
        ? areaWorkbookOf(bytes, area, classification)
        : mainTablesOf(await readWorkbook(bytes, { sheets: MAIN_TABLES_SHEETS }), classification),
    labelOf: (release) =>
      `${round}: ${release.areaName} main tables (${classification} sub-major groups)${release.databaseCreated ? `, database of ${release.databaseCreated}` : ''}`,
    check: (release) => checkMainTables(release, subMajorGroups),
    stage: insertProjectionRelease,
  });
}

/** How far (thousands) figures the workbook derives from each other may disagree: float noise only. */
const SAME = 0.01;
/** How far a total of rounded-to-float parts may sit from the published total (thousands). */
const SUMS = 0.5;

/** What must hold for a release to publish: every group once, its figures consistent with each other and with the totals. */
export function checkMainTables(release: ProjectionRelease, subMajorGroups: number): Check[] {
  const groups = release.groups.filter((g) => g.code !== ALL_OCCUPATIONS);
  const total = release.groups.find((g) => g.code === ALL_OCCUPATIONS);
  const checks: Check[] = [
    ...eachKeyOnce(
      'each sub-major group once in Occ T2',
      groups.map((g) => g.code),
    ),
  ];
  if (groups.length !== subMajorGroups)
    checks.push({
      rule: `Occ T2 lists the ${subMajorGroups} sub-major groups of ${release.classification}`,
      status: 'fail',
      observed: `${groups.length}`,
    });
  failing(
    checks,
    'net change is the target-year level less the base-year level, and total requirement is net change plus replacement demand',
    [...release.groups, ...release.qualifications]
      .filter(
        (f) =>
          !near(f.netChange, f.employmentTarget - f.employmentBase, SAME) ||
          !near(f.totalRequirement, f.netChange + f.replacementDemand, SAME),
      )
      .map(describe),
  );
  failing(
    checks,
    `Occ F2's ${release.baseYear} and ${release.targetYear} figures are Occ T2's levels`,
    release.groups
      .filter(
        (g) =>
          !near(at(g.series, release.baseYear), g.employmentBase, SAME) ||
          !near(at(g.series, release.targetYear), g.employmentTarget, SAME),
      )
      .map(describe),
  );
  if (total) {
    failing(
      checks,
      'the sub-major groups add up to all occupations in Occ T2',
      FIGURES.filter((f) => !near(sum(groups.map((g) => g[f])), total[f], SUMS)),
    );
  } else {
    checks.push({ rule: 'Occ T2 has an all-occupations row', status: 'fail', observed: null });
  }
  checks.push(
    ...eachKeyOnce(
      'each group and qualification level once in RD T1',
      release.qualifications.map((q) => `${q.code} ${q.qualification}`),
    ),
  );
  failing(
    checks,
    'RD T1 has every qualification level of every group, and they add up to the group in Occ T2',
    release.groups
      .filter((g) => {
        const levels = release.qualifications.filter((q) => q.code === g.code);
        return (
          QUALIFICATION_LEVELS.some((level) => !levels.some((q) => q.qualification === level)) ||
          FIGURES.some((f) => !near(sum(levels.map((q) => q[f])), g[f], SUMS))
        );
      })
      .map(describe),
  );
  return checks;
}

const FIGURES: Array<keyof ProjectionFigures> = [
  'employmentBase',
  'employmentTarget',
  'netChange',
  'replacementDemand',
  'totalRequirement',
];

function failing(checks: Check[], rule: string, offending: string[]): void {
  if (offending.length > 0)
    checks.push({
      rule,
      status: 'fail',
      observed: offending.slice(0, 10).join(', ') + (offending.length > 10 ? ` and ${offending.length - 10} more` : ''),
    });
}

function near(a: number | undefined, b: number, tolerance: number): boolean {
  return a !== undefined && Math.abs(a - b) <= tolerance;
}

function at(series: Array<{ year: number; employment: number }>, year: number): number | undefined {
  return series.find((p) => p.year === year)?.employment;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function describe(row: { code: string; qualification?: string }): string {
  return row.qualification ? `${row.code} ${row.qualification}` : row.code;
}

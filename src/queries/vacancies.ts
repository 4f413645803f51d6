import { UNITED_KINGDOM } from '../domain/areas.js';
import { Problem } from '../domain/problems.js';
import {
  ESS_EMPLOYER_THRESHOLD,
  ESS_FIELDWORK,
  ESS_YEAR_WITHOUT_SCOTLAND,
  VACANCY_DEFINITIONS,
  type EssVacancyRow,
} from '../domain/vacancies.js';
import type { VacancyQuery, VacancyResponse, VacancyYear } from '../schemas/vacancies.js';
import type { Db } from '../store/schema.js';
import { essRowsFor } from '../store/vacancies.js';
import type { CurrentEditions } from './current-editions.js';
import type { Occupations } from './occupations.js';
import type { Soc2010Supplier, SocCrosswalkQuery } from './soc-crosswalk.js';
import { percentText, round } from '../domain/numbers.js';

/** The UK release served, and the release by nation of which none exists. */
const ESS = 'ess-vacancies';
const ESS_NATIONS = 'ess-vacancies-nations';

const WHAT = 'Vacancy figures';

/**
 * Vacancies of an occupation from the Employer Skills Survey, which codes to SOC 2010: the figures
 * of the SOC 2010 unit group that supplies most of the SOC 2020 group's workers, whole (never
 * apportioned), with a derivation that says which group and how much of the occupation it covers.
 */
export class Vacancies {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly occupations: Occupations,
    private readonly crosswalk: SocCrosswalkQuery,
  ) {}

  async vacancies(soc: string, area: VacancyQuery['area']): Promise<VacancyResponse> {
    const unit = await this.occupations.unitGroup(soc);
    if (area !== 'uk') throw this.current.unavailable(ESS_NATIONS, `${WHAT} for ${area}`);
    const { edition, provenance } = await this.current.serving(ESS, WHAT);
    const { suppliers, served: crosswalk } = await this.crosswalk.suppliersOf(soc, WHAT);
    const supplier = suppliers[0];
    if (!supplier) {
      throw new Problem(
        'figure-not-found',
        `The SOC 2010 to SOC 2020 relationship table relates no SOC 2010 unit group to ${soc}, so the survey's figures cannot be carried onto it.`,
      );
    }
    const rows = await essRowsFor(this.db, edition.id, supplier.soc2010);
    const years = rows.filter((r) => r.kind === 'total').map((r) => r.year);
    const latestYear = years.at(-1);
    if (latestYear === undefined)
      throw new Problem('figure-not-found', `The survey release "${edition.label}" has no survey year with a total.`);
    const previousYear = years.at(-2) ?? null;
    const rowOf = (year: number, kind: EssVacancyRow['kind']) => rows.find((r) => r.year === year && r.kind === kind);

    return {
      soc2020: soc,
      title: unit.title,
      group: {
        code: supplier.soc2010,
        title: rows.filter((r) => r.title !== null).at(-1)?.title ?? supplier.title,
        level: 'unit group',
        classification: 'SOC 2010',
      },
      area: UNITED_KINGDOM,
      latest: vacancyYear(latestYear, rowOf(latestYear, 'unit group')),
      previous: previousYear === null ? null : vacancyYear(previousYear, rowOf(previousYear, 'unit group')),
      allOccupations: vacancyYear(latestYear, rowOf(latestYear, 'total')),
      derivation: derivation({
        soc,
        title: unit.title,
        supplier,
        otherSuppliers: suppliers.length - 1,
        mapping: crosswalk.edition.label,
        years: [latestYear, ...(previousYear === null ? [] : [previousYear])].map((year) => ({
          year,
          row: rowOf(year, 'unit group'),
        })),
      }),
      definitions: VACANCY_DEFINITIONS,
      coverage: coverage(latestYear, previousYear),
      provenance,
    };
  }
}

/** Who the survey asks, when, and what the figures count. */
function coverage(latestYear: number, previousYear: number | null): VacancyResponse['coverage'] {
  const fieldwork = ESS_FIELDWORK[latestYear];
  const skipsScotlandOnly =
    previousYear !== null && previousYear < ESS_YEAR_WITHOUT_SCOTLAND && latestYear > ESS_YEAR_WITHOUT_SCOTLAND;
  return {
    population: 'vacancies at establishments with at least two people working',
    includesSelfEmployed: false,
    referencePeriod: `Employer Skills Survey ${latestYear} fieldwork${fieldwork ? `, ${fieldwork}` : ''}`,
    note:
      'Weighted estimates from a telephone survey of employers across the UK: establishments with at least two people working (employees and working proprietors), in every sector; the self-employed without employees are not surveyed. ' +
      'A vacancy counts if it was open at the time of the interview. The survey codes occupations to SOC 2010. ' +
      `Vacancies are rounded to the nearest 100, percentages are from the unrounded estimates, and figures based on fewer than ${ESS_EMPLOYER_THRESHOLD} employers are withheld. ` +
      (previousYear === null
        ? ''
        : `\`previous\` is the ${previousYear} survey, the one before ${latestYear} in this UK table${skipsScotlandOnly ? ` (ESS ${ESS_YEAR_WITHOUT_SCOTLAND} did not cover Scotland and is not in it)` : ''}. `) +
      'UK only: no release by nation and occupation is available.',
  };
}

/** A survey year as the response shows it: the figures only when the survey published them all. */
function vacancyYear(year: number, row: EssVacancyRow | undefined): VacancyYear {
  const published =
    row &&
    row.vacancies !== null &&
    row.hardToFill !== null &&
    row.skillShortage !== null &&
    row.hardToFillPercent !== null &&
    row.skillShortagePercent !== null
      ? {
          vacancies: row.vacancies,
          hardToFill: row.hardToFill,
          skillShortage: row.skillShortage,
          hardToFillPercent: row.hardToFillPercent,
          skillShortagePercent: row.skillShortagePercent,
        }
      : null;
  return {
    year,
    vacancies: published && Math.round(published.vacancies / 100) * 100,
    hardToFill: published && Math.round(published.hardToFill),
    skillShortage: published && Math.round(published.skillShortage),
    hardToFillPercent: published && round(published.hardToFillPercent, 1),
    skillShortagePercent: published && round(published.skillShortagePercent, 1),
    employersReporting: row?.employersReporting ?? null,
    presentable: published !== null,
  };
}

interface DerivationFacts {
  soc: string;
  title: string;
  supplier: Soc2010Supplier;
  otherSuppliers: number;
  /** The relationship table's release label. */
  mapping: string;
  years: Array<{ year: number; row: EssVacancyRow | undefined }>;
}

/** Plain words on where the figures come from: the SOC 2010 group used, what it covers, and what was withheld. */
function derivation({ soc, title, supplier, otherSuppliers, mapping, years }: DerivationFacts): string {
  const code = supplier.soc2010;
  const parts = [
    `The Employer Skills Survey codes vacancies to SOC 2010, not SOC 2020. These are the figures of SOC 2010 unit group ${code} (${supplier.title}), the SOC 2010 group that supplies most of the workers of SOC 2020 unit group ${soc} (${title}): ${percentText(supplier.share, 1)} of them, by ONS's dual-coded 2011 Census records ("${mapping}")` +
      (otherSuppliers === 0
        ? '.'
        : `; ${otherSuppliers} other SOC 2010 group${otherSuppliers === 1 ? ' supplies' : 's supply'} the rest.`),
    supplier.shareOfSupplier >= 0.995
      ? `They are the whole SOC 2010 group's figures; practically all of ${code}'s workers are in ${soc} in SOC 2020.`
      : `They are the whole SOC 2010 group's figures, not apportioned: ${percentText(supplier.shareOfSupplier, 1)} of ${code}'s workers are in ${soc} in SOC 2020 and the rest in other unit groups, which show the same figures where ${code} supplies most of their workers.`,
  ];
  const missing = years.filter(({ row }) => row?.vacancies == null);
  for (const { year, row } of missing) {
    parts.push(
      row
        ? `In ${year} the survey withheld ${code}'s figures: fewer than ${ESS_EMPLOYER_THRESHOLD} employers reported a vacancy in it (${row.employersReporting === null ? 'the number is confidential' : `${row.employersReporting} did`}).`
        : `The survey's ${year} table has no row for ${code}, so there are no figures for it that year.`,
    );
  }
  if (missing.length > 0) {
    parts.push(
      'This release publishes no minor, sub-major or major group figures to fall back on, and withheld unit groups are not summed into a made-up group total, so those figures are null.',
    );
  }
  return parts.join(' ');
}

import { UNITED_KINGDOM } from '../../domain/areas.js';
import { Problem } from '../../domain/problems.js';
import {
  CODE_DIGITS,
  ESS_EMPLOYER_THRESHOLD,
  ESS_FIELDWORK,
  ESS_YEAR_WITHOUT_SCOTLAND,
  VACANCY_DEFINITIONS,
  VACANCY_GROUP_LEVELS,
  type EssVacancyRow,
  type VacancyGroupLevel,
} from '../../domain/vacancies.js';
import type { VacancyQuery, VacancyResponse, VacancyYear } from '../../schemas/vacancies.js';
import type { Db } from '../../store/schema.js';
import { essRowsFor, essUnitRowsUnder } from '../../store/vacancies.js';
import type { CurrentEditions } from '../current-editions.js';
import type { Occupations } from '../occupations/index.js';
import type { Soc2010Supplier, SocCrosswalkQuery } from '../occupations/soc-crosswalk.js';
import { percentText, round } from '../../domain/numbers.js';

/** The UK release served, and the release by nation of which none exists. */
const ESS = 'ess-vacancies';
const ESS_NATIONS = 'ess-vacancies-nations';

const WHAT = 'Vacancy figures';

/** A SOC 2010 group of the hierarchy of the chosen unit group, with its rows. */
interface GroupRows {
  level: VacancyGroupLevel;
  code: string;
  rows: EssVacancyRow[];
}

/**
 * A group the survey publishes no row for, summed from the unit groups in it whose figures the
 * latest survey published; `withheld` are the unit groups in it the survey lists without figures.
 */
interface SummedGroup {
  level: VacancyGroupLevel;
  code: string;
  /** The unit groups summed, and their rows in every survey year. */
  published: string[];
  rows: EssVacancyRow[];
  withheld: string[];
  /**
   * Sampled employers reporting a vacancy, added over the unit groups summed and over all those the
   * survey lists in the group (an employer counts once per unit group): how much of the group the
   * sums stand for. Null where the survey keeps any of the counts confidential.
   */
  employers: { summed: number | null; listed: number | null };
}

/**
 * Vacancies of an occupation from the Employer Skills Survey, which codes to SOC 2010: the figures
 * of the SOC 2010 unit group that supplies most of the SOC 2020 group's workers, whole (never
 * apportioned); where the survey withheld them, those of the finest group above it (minor, sub-major,
 * major) that the release publishes, as the spec says. `group` and `derivation` say which.
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
    const { suppliers } = await this.crosswalk.suppliersOf(soc, WHAT);
    const supplier = suppliers[0];
    if (!supplier) {
      throw new Problem(
        'figure-not-found',
        `The SOC 2010 to SOC 2020 relationship table relates no SOC 2010 unit group to ${soc}, so the survey's figures cannot be carried onto it.`,
      );
    }
    const hierarchy = VACANCY_GROUP_LEVELS.map((level) => ({
      level,
      code: supplier.soc2010.slice(0, CODE_DIGITS[level]),
    }));
    const rows = await essRowsFor(
      this.db,
      edition.id,
      hierarchy.map((g) => g.code),
    );
    const years = rows.filter((r) => r.kind === 'total').map((r) => r.year);
    const latestYear = years.at(-1);
    if (latestYear === undefined)
      throw new Problem('figure-not-found', `The survey release "${edition.label}" has no survey year with a total.`);
    const previousYear = years.at(-2) ?? null;
    const groups: GroupRows[] = hierarchy.map((g) => ({ ...g, rows: rows.filter((r) => r.soc2010 === g.code) }));
    const rowOf = (group: GroupRows, year: number) => group.rows.find((r) => r.year === year);
    // The finest group published in the latest survey; the unit group (withheld) when none is.
    const chosen = groups.find((g) => vacancyYear(latestYear, rowOf(g, latestYear)).presentable) ?? groups[0]!;
    const summed = published(chosen, latestYear) ? null : await this.summedGroup(edition.id, hierarchy, latestYear);
    const total = rows.filter((r) => r.kind === 'total');
    const yearOf = (year: number) => vacancyYear(year, rowOf(chosen, year));

    return {
      soc2020: soc,
      title: unit.title,
      group: {
        code: chosen.code,
        title:
          chosen.rows.filter((r) => r.title !== null).at(-1)?.title ??
          (chosen.level === 'unit group' ? supplier.title : chosen.code),
        level: chosen.level,
        classification: 'SOC 2010',
      },
      area: UNITED_KINGDOM,
      latest: yearOf(latestYear),
      previous: previousYear === null ? null : yearOf(previousYear),
      allOccupations: vacancyYear(
        latestYear,
        total.find((r) => r.year === latestYear),
      ),
      siblingsContext: summed && siblingsContext(summed, latestYear, previousYear),
      derivation: derivation({
        soc,
        supplier,
        chosen,
        summed,
        years: [latestYear, ...(previousYear === null ? [] : [previousYear])],
      }),
      method: METHOD,
      definitions: VACANCY_DEFINITIONS,
      coverage: coverage(latestYear, previousYear),
      provenance,
    };
  }

  /**
   * The finest group above the unit group (minor, sub-major, major) in which the latest survey
   * published at least two unit groups, for context where the occupation is withheld and the
   * release has no group rows: one published unit would be another occupation's figures.
   */
  private async summedGroup(
    editionId: string,
    hierarchy: { level: VacancyGroupLevel; code: string }[],
    latestYear: number,
  ): Promise<SummedGroup | null> {
    for (const { level, code } of hierarchy.slice(1)) {
      const units = await essUnitRowsUnder(this.db, editionId, code);
      const latest = units.filter((r) => r.year === latestYear);
      const summable = latest.filter((r) => vacancyYear(latestYear, r).presentable).map((r) => r.soc2010!);
      if (summable.length >= MIN_SIBLINGS_SUMMED)
        return {
          level,
          code,
          published: summable,
          rows: units.filter((r) => summable.includes(r.soc2010!)),
          withheld: latest.filter((r) => !summable.includes(r.soc2010!)).map((r) => r.soc2010!),
          employers: {
            summed: employersIn(latest.filter((r) => summable.includes(r.soc2010!))),
            listed: employersIn(latest),
          },
        };
    }
    return null;
  }
}

/** Fewer published unit groups than this are one other occupation's figures, not a group's. */
const MIN_SIBLINGS_SUMMED = 2;

/** The sum of a group's published unit groups, named and labelled as context, never as the occupation's figures. */
function siblingsContext(
  group: SummedGroup,
  latestYear: number,
  previousYear: number | null,
): NonNullable<VacancyResponse['siblingsContext']> {
  return {
    label: `Context, not this occupation's figures: the sum of the ${group.published.length} unit groups of SOC 2010 ${group.level} ${group.code} that the survey published (a lower bound for the group: ${group.withheld.length} withheld)`,
    code: group.code,
    level: group.level,
    classification: 'SOC 2010',
    published: group.published,
    withheld: group.withheld,
    employerReports: group.employers,
    latest: summedYear(latestYear, group),
    previous: previousYear === null ? null : summedYear(previousYear, group),
  };
}

/** Who the survey asks, when, and what the figures count. */
function coverage(latestYear: number, previousYear: number | null): VacancyResponse['coverage'] {
  const fieldwork = ESS_FIELDWORK[latestYear];
  const skipsScotlandOnly =
    previousYear !== null && previousYear < ESS_YEAR_WITHOUT_SCOTLAND && latestYear > ESS_YEAR_WITHOUT_SCOTLAND;
  return {
    population: 'employee jobs',
    includesSelfEmployed: false,
    referencePeriod: `Employer Skills Survey ${latestYear} fieldwork${fieldwork ? `, ${fieldwork}` : ''}`,
    note:
      'Vacancies, not jobs: the employee jobs employers were recruiting for. ' +
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

/**
 * A survey year of a summed group: the sums of its unit groups' published figures, the percentages
 * recomputed from them; null when any of the units summed in the latest year is withheld this year,
 * so that the years compare like with like. Establishments are not summed: one with vacancies in
 * several unit groups would count more than once.
 */
function summedYear(year: number, group: SummedGroup): VacancyYear {
  const rows = group.published.map((code) => group.rows.find((r) => r.year === year && r.soc2010 === code));
  if (!rows.every((row) => vacancyYear(year, row).presentable))
    return { ...vacancyYear(year, undefined), employersReporting: null };
  const sum = (field: 'vacancies' | 'hardToFill' | 'skillShortage') =>
    rows.reduce((total, row) => total + row![field]!, 0);
  const [vacancies, hardToFill, skillShortage] = [sum('vacancies'), sum('hardToFill'), sum('skillShortage')];
  // The sums as one row, rounded by the same rules as a published one.
  return {
    ...vacancyYear(year, {
      ...rows[0]!,
      vacancies,
      hardToFill,
      skillShortage,
      hardToFillPercent: (hardToFill / vacancies) * 100,
      skillShortagePercent: (skillShortage / vacancies) * 100,
    }),
    employersReporting: null,
  };
}

interface DerivationFacts {
  soc: string;
  supplier: Soc2010Supplier;
  /** The group whose figures are shown. */
  chosen: GroupRows;
  /** The context sum of published siblings, where the survey withheld the unit group and publishes no group rows. */
  summed: SummedGroup | null;
  years: number[];
}

/** Two plain sentences on what the figures are: the SOC 2010 group used, how it relates, and whether they are whole. */
function derivation(facts: DerivationFacts): string {
  const { soc, supplier, chosen, summed, years } = facts;
  const code = supplier.soc2010;
  const level = chosen.level;
  const group =
    level === 'unit group' ? `SOC 2010 unit group ${code}` : `SOC 2010 ${level} ${chosen.code}, which contains ${code}`;
  const first = `Vacancies in ${group} (${supplier.title}${level === 'unit group' ? '' : ' and others'}): ${code} supplies ${percentText(supplier.share, 1)} of the workers of ${soc}, and the Employer Skills Survey codes to SOC 2010, not SOC 2020.`;
  if (chosen.level !== 'unit group')
    return `${first} The survey publishes no figures for the finer groups in ${years[0]}, so these count every unit group in ${chosen.code}, not apportioned.`;
  if (!published(chosen, years[0]!))
    return `${first} The survey withheld ${code} in ${years[0]} and the release publishes no row for a group above it, so ${soc}'s figures are null${summed ? `; \`siblingsContext\` sums the ${summed.published.length} unit groups of ${summed.code} it published, for context only: other occupations' figures, not ${soc}'s` : ''}.`;
  return `${first} They are ${code}'s own figures, whole, not apportioned.`;
}

function employersIn(rows: EssVacancyRow[]): number | null {
  return rows.some((r) => r.employersReporting === null)
    ? null
    : rows.reduce((total, r) => total + r.employersReporting!, 0);
}

/** Where the docs explain the figures' group in full. */
const METHOD = '/docs/methods/vacancies.md#which-group-the-figures-are';

function published(group: GroupRows, year: number): boolean {
  return group.rows.some((r) => r.year === year && r.vacancies !== null);
}

import { Problem } from '../domain/problems.js';
import type { ProjectionAreaSlug } from '../domain/projections.js';
import type { MoveOutlook, MovePayFigure, MoveRoutesIn, MoveVacancies } from '../schemas/moves.js';
import type { Apprenticeships } from './apprenticeships.js';
import type { CurrentEditions } from './current-editions.js';
import type { HowToBecome } from './how-to-become.js';
import type { Pay } from './pay.js';
import type { Projections } from './projections.js';
import type { Vacancies } from './vacancies.js';

/** The queries whose figures a move shows: called through their public methods only. */
export interface MoveFactQueries {
  currentEditions: CurrentEditions;
  pay: Pick<Pay, 'pay'>;
  projections: Pick<Projections, 'outlook'>;
  vacancies: Pick<Vacancies, 'vacancies'>;
  howToBecome: Pick<HowToBecome, 'howToBecome'>;
  apprenticeships: Pick<Apprenticeships, 'apprenticeships'>;
}

/** A figure or the 404 problem's reason it is missing (anything else is an error). */
async function orReason<T>(load: Promise<T>): Promise<T | { reason: string }> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof Problem && error.status === 404) return { reason: error.detail };
    throw error;
  }
}

const isMissing = (value: object): value is { reason: string } => 'reason' in value && !('provenance' in value);

/**
 * The figures a move shows about an occupation (pay, outlook, vacancies, routes in), each from its
 * own query with that query's provenance, kept per occupation until the current editions change:
 * a request for moves needs the same few hundred figures again and again.
 */
export class MoveFacts {
  private key = '';
  private readonly kept = new Map<string, Promise<unknown>>();

  constructor(private readonly queries: MoveFactQueries) {}

  /** Median gross annual pay of all employee jobs in the UK, latest ASHE year. */
  async pay(soc: string): Promise<MovePayFigure | { reason: string }> {
    const found = await this.ashe(soc);
    return isMissing(found) ? found : found.figure;
  }

  /** ASHE's estimate of the occupation's employee jobs, thousands (indicative): null when withheld or missing. */
  async jobsThousands(soc: string): Promise<number | null> {
    const found = await this.ashe(soc);
    return isMissing(found) ? null : found.jobsThousands;
  }

  private async ashe(soc: string) {
    return this.keep(`pay:${soc}`, async () => {
      const found = await orReason(
        this.queries.pay.pay(soc, { measure: 'annual_pay_gross', sex: 'all', pattern: 'all', area: 'uk' }),
      );
      if (isMissing(found)) return found;
      const figure: MovePayFigure = {
        year: found.year,
        median: found.distribution.median,
        quality: found.quality,
        presentable: found.presentable,
        provenance: found.provenance,
      };
      return { figure, jobsThousands: found.employeeJobsThousands };
    });
  }

  async outlook(soc: string, area: ProjectionAreaSlug): Promise<MoveOutlook & { citation: string | null }> {
    return this.keep(`outlook:${soc}:${area}`, async () => {
      const found = await orReason(this.queries.projections.outlook(soc, area));
      if (isMissing(found))
        return {
          group: null,
          direction: null,
          netChange: null,
          netChangePercent: null,
          presentable: false,
          derivation: null,
          reason: found.reason,
          provenance: null,
          citation: null,
        };
      return {
        group: { code: found.group.code, title: found.group.title },
        direction: found.outlook.direction,
        netChange: found.outlook.netChange,
        netChangePercent: found.outlook.netChangePercent,
        presentable: found.outlook.presentable,
        derivation: `The figures of sub-major group ${found.group.code} (${found.group.title}), ${found.outlook.baseYear} to ${found.outlook.targetYear}, shown for ${found.group.unitGroups} unit group${found.group.unitGroups === 1 ? '' : 's'}; /v1/occupations/${soc}/projections?area=${area} says how they are derived.`,
        reason: null,
        provenance: found.provenance,
        citation: found.citation,
      };
    });
  }

  /** Hard-to-fill vacancies as a share of vacancies, latest survey year, UK. */
  async vacancies(soc: string): Promise<MoveVacancies> {
    return this.keep(`vacancies:${soc}`, async () => {
      const found = await orReason(this.queries.vacancies.vacancies(soc, 'uk'));
      if (isMissing(found))
        return {
          year: null,
          hardToFillPercent: null,
          presentable: false,
          derivation: null,
          ...found,
          provenance: null,
        };
      return {
        year: found.latest.year,
        hardToFillPercent: found.latest.hardToFillPercent,
        presentable: found.latest.presentable,
        derivation: `The Employer Skills Survey codes to SOC 2010: these are the figures of SOC 2010 ${found.group.level} ${found.group.code} (${found.group.title}), carried over to ${soc}; /v1/occupations/${soc}/vacancies says how much of it that group covers.`,
        reason: null,
        provenance: found.provenance,
      };
    });
  }

  /** How many National Careers Service profiles and approved apprenticeship standards the occupation has. */
  async routesIn(soc: string): Promise<MoveRoutesIn> {
    return this.keep(`routes-in:${soc}`, async () => {
      const [profiles, standards] = await Promise.all([
        orReason(this.queries.howToBecome.howToBecome(soc)),
        orReason(this.queries.apprenticeships.apprenticeships(soc, {})),
      ]);
      return {
        howToBecomeProfiles: isMissing(profiles)
          ? { count: null, reason: profiles.reason, provenance: null }
          : { count: profiles.profiles.length, reason: null, provenance: profiles.provenance },
        apprenticeships: isMissing(standards)
          ? { count: null, reason: standards.reason, provenance: null }
          : { count: standards.occupations.length, reason: null, provenance: standards.provenance },
      };
    });
  }

  private async keep<T>(name: string, load: () => Promise<T>): Promise<T> {
    const key = (await this.queries.currentEditions.all()).map((e) => e.id).join(',');
    if (key !== this.key) {
      this.kept.clear();
      this.key = key;
    }
    let kept = this.kept.get(name) as Promise<T> | undefined;
    if (!kept) {
      kept = load();
      this.kept.set(name, kept);
      // A failure (not a 404, which is a figure's reason) is not kept: the next request tries again.
      kept.catch(() => this.kept.delete(name));
    }
    return kept;
  }
}

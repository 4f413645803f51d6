import { Problem } from '../../domain/problems.js';
import { SOURCE_KEYS } from '../../domain/sources.js';
import type { ProjectionAreaSlug } from '../../domain/projections.js';
import type { MoveOutlook, MovePayFigure, MoveRoutesIn, MoveVacancies } from '../../schemas/moves.js';
import type { Apprenticeships } from '../apprenticeships/index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';
import type { HowToBecome } from '../how-to-become/index.js';
import type { Pay } from '../pay/index.js';
import type { Projections } from '../projections/index.js';
import type { Vacancies } from '../vacancies/index.js';

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

/** The pay figure a move shows and ASHE's count of jobs, or why there are none. */
type AsheFacts = { figure: MovePayFigure; jobsThousands: number | null } | { reason: string };

const isMissing = (value: object): value is { reason: string } => 'reason' in value && !('provenance' in value);

/**
 * The figures a move shows about an occupation (pay, outlook, vacancies, routes in), each from its
 * own query with that query's provenance, kept per occupation until the current editions change:
 * a request for moves needs the same few hundred figures again and again.
 */
export class MoveFacts {
  private readonly ashe: EditionsMemo<AsheFacts, string>;
  private readonly outlooks: EditionsMemo<MoveOutlook & { citation: string | null }, `${string}:${ProjectionAreaSlug}`>;
  private readonly vacancyFacts: EditionsMemo<MoveVacancies, string>;
  private readonly routes: EditionsMemo<MoveRoutesIn, string>;

  constructor(private readonly queries: MoveFactQueries) {
    // Each figure comes through another group's query, which may read any source.
    const facts = <T, P extends string>(name: string, build: (part: P) => Promise<T>) =>
      queries.currentEditions.memos.memo({ name, sources: SOURCE_KEYS, build: (_, part: P) => build(part) });
    this.ashe = facts('move pay', (soc) => this.asheOf(soc));
    this.outlooks = facts('move outlooks', (part) => {
      const [soc, area] = part.split(':') as [string, ProjectionAreaSlug];
      return this.outlookOf(soc, area);
    });
    this.vacancyFacts = facts('move vacancies', (soc) => this.vacanciesOf(soc));
    this.routes = facts('move routes in', (soc) => this.routesInOf(soc));
  }

  /** Median gross annual pay of all employee jobs in the UK, latest ASHE year. */
  async pay(soc: string): Promise<MovePayFigure | { reason: string }> {
    const found = await this.ashe.get(soc);
    return isMissing(found) ? found : found.figure;
  }

  /** ASHE's estimate of the occupation's employee jobs, thousands (indicative): null when withheld or missing. */
  async jobsThousands(soc: string): Promise<number | null> {
    const found = await this.ashe.get(soc);
    return isMissing(found) ? null : found.jobsThousands;
  }

  private async asheOf(soc: string): Promise<AsheFacts> {
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
  }

  outlook(soc: string, area: ProjectionAreaSlug): Promise<MoveOutlook & { citation: string | null }> {
    return this.outlooks.get(`${soc}:${area}`);
  }

  private async outlookOf(soc: string, area: ProjectionAreaSlug): Promise<MoveOutlook & { citation: string | null }> {
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
  }

  /** Hard-to-fill vacancies as a share of vacancies, latest survey year, UK. */
  vacancies(soc: string): Promise<MoveVacancies> {
    return this.vacancyFacts.get(soc);
  }

  private async vacanciesOf(soc: string): Promise<MoveVacancies> {
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
  }

  /** How many National Careers Service profiles and approved apprenticeship standards the occupation has. */
  routesIn(soc: string): Promise<MoveRoutesIn> {
    return this.routes.get(soc);
  }

  private async routesInOf(soc: string): Promise<MoveRoutesIn> {
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
  }
}

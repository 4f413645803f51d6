import type { ApprenticeshipStandard } from '../domain/apprenticeships.js';
import { Problem } from '../domain/problems.js';
import type { ApprenticeshipOccupation, ApprenticeshipsResponse } from '../schemas/apprenticeships.js';
import { standardsOf } from '../store/apprenticeships.js';
import type { Db } from '../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions, Served } from './current-editions.js';
import { NCS_CONTENT_EXPORT, type JobProfiles, type JobProfilesView } from './job-profiles.js';
import type { Occupations } from './occupations.js';
import { placeByTitles, unitGroupsByTitle, type TitleIndexByKey } from './title-placement.js';

const STANDARDS = 'apprenticeship-standards';
/** Skills England's other products, registered with no release: named in the coverage. */
const UNRELEASED_PRODUCTS = [
  't-levels',
  'foundation-apprenticeships',
  'apprenticeship-units',
  'higher-technical-qualifications',
] as const;

/** Why a standard is related to a unit group: the evidence, in words. */
interface Evidence {
  code: string;
  reasons: string[];
}

interface ApprenticeshipsQuery {
  includeInactive?: boolean;
}

/**
 * Apprenticeship standards related to a unit group. No publisher maps standards to SOC 2020, so
 * every relation is derived, and `partial`: through the NCS profiles placed on the unit group
 * (their 2020 links to standards) and through the standards' typical job titles against the
 * coding index. Standards NCS knew in 2020 that are not approved for delivery now are inactive,
 * shown only when asked for.
 */
export class Apprenticeships {
  private titles: { key: string; index: TitleIndexByKey } | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
    private readonly jobProfiles: JobProfiles,
  ) {}

  async apprenticeships(soc: string, query: ApprenticeshipsQuery): Promise<ApprenticeshipsResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const what = 'Apprenticeships (Skills England standards)';
    const served = await this.current.serving(STANDARDS, what);
    const index = await this.codingIndex.get();
    if (!index) throw this.current.unavailable(CODING_INDEX, what);
    if (this.titles?.key !== index.edition.id)
      this.titles = { key: index.edition.id, index: unitGroupsByTitle(index.byUnitGroup) };
    const view = await this.profilesIfAny();
    const exportEdition = await this.current.latest(NCS_CONTENT_EXPORT);

    const approved = await standardsOf(this.db, served.edition.id);
    const approvedByCode = new Map(approved.map((s) => [s.code, s]));
    const known = exportEdition
      ? new Map((await standardsOf(this.db, exportEdition.id)).map((s) => [s.code, s]))
      : new Map<string, ApprenticeshipStandard>();

    const evidence = this.evidenceFor(soc, view, approved, this.titles.index);

    const standardsPage = served.source.url;
    const occupations: ApprenticeshipOccupation[] = [];
    for (const { code, reasons } of evidence.values()) {
      const active = approvedByCode.get(code);
      const derivation = `Related by derivation (no publisher maps standards to SOC 2020): ${reasons.join('; ')}.`;
      if (active) occupations.push(occupationOf(active, derivation, standardsPage));
      else if (query.includeInactive) {
        const old = known.get(code);
        if (old)
          occupations.push(
            inactiveOccupationOf(old, derivation, standardsPage, exportEdition?.label ?? 'the NCS content export'),
          );
      }
    }
    const strength = (o: ApprenticeshipOccupation) => evidence.get(o.code)!.reasons.length;
    // Approved before inactive, then the standards with most evidence, then by level.
    occupations.sort(
      (a, b) =>
        rank(a) - rank(b) ||
        strength(b) - strength(a) ||
        (a.level ?? 99) - (b.level ?? 99) ||
        a.code.localeCompare(b.code),
    );

    // Counts are over primary matches, as the spec defines them. With none (no publisher mapping
    // gives any today) the counts are unknown, not zero: null, never a 0 no release says.
    const primary = occupations.filter((o) => o.match === 'primary');
    const countOf = (type: string): number | null =>
      primary.length === 0 ? null : primary.reduce((n, o) => n + o.products.filter((p) => p.type === type).length, 0);
    const levels = primary.flatMap((o) =>
      o.products.filter((p) => p.type === 'apprenticeship' && p.level !== null).map((p) => p.level!),
    );
    return {
      soc2020: soc,
      title: unit.title,
      apprenticeshipsAvailable: countOf('apprenticeship'),
      lowestApprenticeshipLevel: levels.length > 0 ? Math.min(...levels) : null,
      tLevels: countOf('t_level'),
      occupations,
      attribution: served.source.attribution,
      coverage: { referencePeriod: served.edition.label, note: await this.coverageNote(served, view) },
      provenance: served.provenance,
    };
  }

  /** Why each standard relates to the unit group: its NCS profiles' links, and its typical job titles in the coding index. */
  private evidenceFor(
    soc: string,
    view: JobProfilesView | null,
    approved: ApprenticeshipStandard[],
    titles: TitleIndexByKey,
  ): Map<string, Evidence> {
    const evidence = new Map<string, Evidence>();
    const note = (code: string, reason: string) => {
      const entry = evidence.get(code) ?? { code, reasons: [] };
      if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
      evidence.set(code, entry);
    };
    for (const { slug, match } of view?.bySoc.get(soc) ?? []) {
      const { profile, standards } = view!.profiles.get(slug)!;
      for (const code of standards)
        note(
          code,
          `the National Careers Service profile "${profile.title}" (placed here by its ${match}) linked it in November 2020`,
        );
    }
    for (const standard of approved) {
      for (const placement of placeByTitles(
        titles,
        standard.typicalJobTitles[0] ?? '',
        standard.typicalJobTitles.slice(1),
        { qualifiedAmongOthers: false },
      )) {
        if (placement.soc2020 === soc)
          note(
            standard.code,
            `its typical job title "${placement.matchedTitle}" is a title the ONS coding index gives this unit group${placement.qualified ? ' (with a qualifier)' : ''}`,
          );
      }
    }
    return evidence;
  }

  private async profilesIfAny(): Promise<JobProfilesView | null> {
    try {
      return await this.jobProfiles.get('Job profiles');
    } catch (error) {
      if (error instanceof Problem && error.kind === 'source-unavailable') return null;
      throw error;
    }
  }

  private async coverageNote(served: Served, view: JobProfilesView | null): Promise<string> {
    const unreleased = [];
    for (const key of UNRELEASED_PRODUCTS)
      if (!(await this.current.latest(key))) unreleased.push(`${this.current.catalog.profile(key).name} (\`${key}\`)`);
    return [
      `No publisher mapping of apprenticeship standards to SOC 2020 is available (Skills England's occupational maps are not in this release), so every occupation here is a partial match, derived from the National Careers Service's November 2020 links between job profiles and standards (profiles placed on unit groups by title) and from the standards' typical job titles found in the ONS coding index; \`derivation\` says which. apprenticeshipsAvailable, lowestApprenticeshipLevel and tLevels count primary matches only, so with none they are null (unknown, not zero).`,
      `${served.edition.label}: part of Skills England's approved list, so a standard missing here may still be approved; standards known only from the National Careers Service's 2020 links are listed with includeInactive=true, status unknown. What the file lacks (overview, pathway, technical level, entry requirements, professional recognition, whether a standard is a career starter) is null or empty, never filled in.`,
      view
        ? ''
        : 'No National Careers Service job profiles are published, so only typical job titles relate standards here.',
      unreleased.length > 0 ? `No release is available of: ${unreleased.join(', ')}; none are listed.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
}

function rank(o: ApprenticeshipOccupation): number {
  return (o.match === 'primary' ? 0 : 2) + (o.products.some((p) => p.detail !== null) ? 0 : 1);
}

function occupationOf(s: ApprenticeshipStandard, derivation: string, standardsPage: string): ApprenticeshipOccupation {
  return {
    code: s.code,
    name: s.name,
    match: 'partial',
    level: s.level,
    status: s.status ?? 'unknown',
    overview: null,
    route: s.route ?? 'unknown',
    pathway: null,
    technicalLevel: null,
    typicalJobTitles: s.typicalJobTitles,
    products: [
      {
        code: s.code,
        name: s.name,
        type: 'apprenticeship',
        level: s.level,
        status: s.status,
        careerStarter: null,
        // The detail names a version of the standard; without one the file says too little for it.
        detail:
          s.version === null
            ? null
            : {
                durationMonths: s.durationMonths,
                entryRequirements: null,
                regulatedBy: null,
                professionalRecognition: [],
                degree: null,
                qualificationsGained: [],
                version: s.version,
              },
      },
    ],
    url: s.url ?? standardsPage,
    derivation,
  };
}

/** A standard NCS knew in 2020 that is not in the approved list served: what the export says of it, labelled so. */
function inactiveOccupationOf(
  s: ApprenticeshipStandard,
  derivation: string,
  standardsPage: string,
  exportLabel: string,
): ApprenticeshipOccupation {
  const status = `Unknown: not among the approved standards in this release (which holds only part of Skills England's approved list); listed in the ${exportLabel}`;
  return {
    code: s.code,
    name: s.name,
    match: 'partial',
    level: s.level,
    status,
    overview: null,
    route: s.route ?? 'unknown',
    pathway: null,
    technicalLevel: null,
    typicalJobTitles: [],
    products: [
      {
        code: s.code,
        name: s.name,
        type: 'apprenticeship',
        level: s.level,
        status: null,
        careerStarter: null,
        detail: null,
      },
    ],
    url: standardsPage,
    derivation: `${derivation} Level, route and name as the National Careers Service listed them in November 2020.`,
  };
}

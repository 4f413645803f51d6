import type { ApprenticeshipStandard } from '../../domain/apprenticeships.js';
import { round } from '../../domain/numbers.js';
import { Problem } from '../../domain/problems.js';
import type { CodingIndexRecord } from '../../domain/soc.js';
import type { ApprenticeshipOccupation, ApprenticeshipsResponse } from '../../schemas/apprenticeships.js';
import { standardsOf } from '../../store/apprenticeships.js';
import type { Db } from '../../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from '../occupations/coding-index.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import { provenanceOf, type Provenance } from '../provenance.js';
import type { EditionsMemo } from '../editions-memo.js';
import { NCS_CONTENT_EXPORT, type JobProfiles, type JobProfilesView } from '../how-to-become/job-profiles.js';
import type { Occupations } from '../occupations/index.js';
import { entriesByTitle, qualifierIdf } from '../qualifier-support.js';
import {
  relateStandards,
  RELATIONS,
  resolveNamedApprenticeships,
  occupationNamed,
  standardsByName,
  typicalTitleShares,
  type PlacedProfile,
  type StandardRelation,
} from './standard-relations.js';

type ApprenticeshipProduct = ApprenticeshipOccupation['products'][number];

const STANDARDS = 'apprenticeship-standards' as const;
/** The institute's API answers of January 2023: the standards the 2026 list lacks, with their status then. */
const STANDARDS_2023 = 'apprenticeship-standards-2023' as const;
const T_LEVELS = 't-levels';
const WHAT = 'Apprenticeships (Skills England standards)';
/** Skills England's other products, registered with no release: named in the coverage. */
const UNRELEASED_PRODUCTS = [
  't-levels',
  'foundation-apprenticeships',
  'apprenticeship-units',
  'higher-technical-qualifications',
] as const;

interface ApprenticeshipsQuery {
  includeInactive?: boolean;
}

interface RelationsView {
  approvedByCode: Map<string, ApprenticeshipStandard>;
  /** Standards the January 2023 answers hold and the current list does not: their status is of 2023. */
  dated: ReadonlyMap<string, ApprenticeshipStandard>;
  known: ReadonlyMap<string, ApprenticeshipStandard>;
  bySoc: Map<string, StandardRelation[]>;
  /** Standards some 2026 NCS page names: listed by NCS now. */
  namedIn2026: Set<string>;
}

/**
 * Apprenticeship standards related to a unit group. No publisher maps standards to SOC 2020, so
 * every relation is derived from combined evidence (`relateStandards`): the standards' typical job
 * titles with their qualifiers against the coding index, and the NCS profiles placed on the unit
 * group that link (2020) or name (2026) them. `primary` where the evidence is direct.
 */
export class Apprenticeships {
  /** Every standard's relations to the unit groups, with the standards they are of, per set of editions. */
  private readonly relations: EditionsMemo<RelationsView>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
    private readonly jobProfiles: JobProfiles,
  ) {
    this.relations = current.memos.memo({
      name: 'apprenticeship relations',
      sources: [STANDARDS, STANDARDS_2023, NCS_CONTENT_EXPORT],
      reads: [codingIndex.memo, jobProfiles.memo],
      warm: true,
      build: async (editions) => {
        const { [STANDARDS]: standards, [STANDARDS_2023]: answers2023, [NCS_CONTENT_EXPORT]: exported } = editions;
        if (!standards) throw this.current.unavailable(STANDARDS, WHAT);
        const index = await this.codingIndex.get();
        if (!index) throw this.current.unavailable(CODING_INDEX, WHAT);
        // The approved standards of the release, and those the NCS export knew.
        const [approved, of2023, old, view] = await Promise.all([
          standardsOf(this.db, standards.id),
          answers2023 ? standardsOf(this.db, answers2023.id) : [],
          exported ? standardsOf(this.db, exported.id) : [],
          this.profilesIfAny(),
        ]);
        const current = new Set(approved.map((s) => s.code));
        const dated = new Map(of2023.filter((s) => !current.has(s.code)).map((s) => [s.code, s]));
        const known = new Map(old.map((s) => [s.code, s]));
        return relationsOf(index.byUnitGroup, approved, dated, known, view);
      },
    });
  }

  async apprenticeships(soc: string, query: ApprenticeshipsQuery): Promise<ApprenticeshipsResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const served = await this.current.serving(STANDARDS, WHAT);
    const index = await this.codingIndex.get();
    if (!index) throw this.current.unavailable(CODING_INDEX, WHAT);
    const view = await this.profilesIfAny();
    const exportEdition = await this.current.latest(NCS_CONTENT_EXPORT);
    const edition2023 = await this.current.latest(STANDARDS_2023);
    const relations = await this.relations.get();
    const { approvedByCode, dated, known } = relations;
    const release2023 = edition2023 ? provenanceOf(this.current.catalog.profile(STANDARDS_2023), edition2023) : null;

    const standardsPage = served.source.url;
    const exportLabel = exportEdition?.label ?? 'the NCS content export';
    const occupations: ApprenticeshipOccupation[] = [];
    const evidence = new Map<string, StandardRelation>();
    for (const r of relations.bySoc.get(soc) ?? []) {
      const occupation = shownOccupation(r, approvedByCode.get(r.code), dated.get(r.code), known.get(r.code), {
        namedIn2026: relations.namedIn2026.has(r.code),
        includeInactive: query.includeInactive === true,
        standardsPage,
        exportLabel,
        current: served.provenance,
        of2023: release2023,
        exported: exportEdition
          ? provenanceOf(this.current.catalog.profile(NCS_CONTENT_EXPORT), exportEdition)
          : served.provenance,
      });
      if (!occupation) continue;
      evidence.set(r.code, r);
      occupations.push({
        ...occupation,
        match: r.primary ? 'primary' : 'partial',
        confidence: round(r.score, 2),
        evidence: {
          typicalTitleShare: round(r.typicalTitleShare, 2),
          matchedTitles: r.matchedTitles,
          profiles: r.profiles.map((p) => ({ ...p, confidence: round(p.confidence, 2) })),
        },
      });
    }
    // Primary first, then the strength of the evidence, then the lower level (the way in).
    occupations.sort(
      (a, b) =>
        Number(b.match === 'primary') - Number(a.match === 'primary') ||
        evidence.get(b.code)!.score - evidence.get(a.code)!.score ||
        (a.level ?? 99) - (b.level ?? 99) ||
        a.code.localeCompare(b.code),
    );

    // Counts are over primary matches, as the spec defines them: the standards release answers
    // how many approved apprenticeships there are (0 when none); T Levels only a T Level release
    // answers, so without one the count is null, never a 0 no release says.
    const primary = occupations.filter((o) => o.match === 'primary');
    const countOf = (type: string, approvedOnly = false): number =>
      primary.reduce(
        (n, o) =>
          n + o.products.filter((p) => p.type === type && (!approvedOnly || APPROVED.has(p.status ?? ''))).length,
        0,
      );
    const tLevelRelease = await this.current.latest(T_LEVELS);
    const levels = primary.flatMap((o) =>
      o.products
        .filter((p) => p.type === 'apprenticeship' && p.level !== null && APPROVED.has(p.status ?? ''))
        .map((p) => p.level!),
    );
    return {
      soc2020: soc,
      title: unit.title,
      apprenticeshipsAvailable: countOf('apprenticeship', true),
      lowestApprenticeshipLevel: levels.length > 0 ? Math.min(...levels) : null,
      tLevels: tLevelRelease ? countOf('t_level') : null,
      occupations,
      method: '/docs/methods/apprenticeships.md#how-standards-are-related',
      attribution: served.source.attribution,
      coverage: {
        referencePeriod: edition2023 ? `${served.edition.label}; ${edition2023.label}` : served.edition.label,
        note: await this.coverageNote(served, edition2023?.label ?? null, view),
      },
      provenance: served.provenance,
    };
  }

  private async profilesIfAny(): Promise<JobProfilesView | null> {
    try {
      return await this.jobProfiles.get('Job profiles');
    } catch (error) {
      if (error instanceof Problem && error.kind === 'source-unavailable') return null;
      throw error;
    }
  }

  private async coverageNote(served: Served, label2023: string | null, view: JobProfilesView | null): Promise<string> {
    const unreleased = [];
    for (const key of UNRELEASED_PRODUCTS)
      if (!(await this.current.latest(key))) unreleased.push(`${this.current.catalog.profile(key).name} (\`${key}\`)`);
    return [
      `No publisher mapping of apprenticeship standards to SOC 2020 is available (Skills England's occupational maps are not in this release), so every occupation here is derived by the service from combined evidence (confidence and evidence say which): the standards' typical job titles found in the ONS coding index (a qualified entry only when the standard is about its context), and the National Careers Service profiles placed on this unit group that link the standard (November 2020 export) or name it (2026 pages). "primary" means the derived evidence is direct, not a publisher's mapping: half or more of the standard's own typical job titles are this unit group's, or a profile placed here with confidence ${RELATIONS.primaryProfile} or more links or names it and one of its titles agrees; the rest are "partial". apprenticeshipsAvailable counts the apprenticeships of primary matches approved for delivery in the release that holds them (the current list, or ${AS_OF_2023} for a standard only the institute's 2023 answers hold; 0 when there are none); lowestApprenticeshipLevel is null when it counts none; tLevels is null until a T Level release is read (unknown, never 0).`,
      `${served.edition.label}: part of Skills England's approved list, so a standard missing here may still be approved.`,
      label2023
        ? `${label2023}: where both releases hold a standard the current record wins; a standard only the 2023 answers hold says so in its release and its status is the status ${AS_OF_2023}, never today's (re-versioned standards appear there only as their old "Retired" record). An approved one is shown by default; a retired or withdrawn one when a 2026 National Careers Service page names it, when a profile placed here with confidence ${RELATIONS.showUnlisted} or more links it, or with includeInactive=true.`
        : '',
      `A standard in neither release is shown by default when a 2026 National Careers Service page names it, or when a profile placed here with confidence ${RELATIONS.showUnlisted} or more links it (status unknown); other standards known only from the 2020 links are listed with includeInactive=true. What a release lacks (the 2026 list: overview, pathway, entry requirements, professional recognition, degree; any: technical level) is null or empty, never filled in; careerStarter is the institute's own flag where the release carries it (its API answers do; the relayed 2026 list does not), else null (unknown).`,
      view
        ? ''
        : 'No National Careers Service job profiles are published, so only typical job titles relate standards here.',
      unreleased.length > 0 ? `No release is available of: ${unreleased.join(', ')}; none are listed.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
}

const NAMED_IN_2026 = 'listed by the National Careers Service in 2026';

/** Relations of every standard to every unit group, once per set of editions. */
function relationsOf(
  byUnitGroup: ReadonlyMap<string, readonly CodingIndexRecord[]>,
  approved: readonly ApprenticeshipStandard[],
  dated: ReadonlyMap<string, ApprenticeshipStandard>,
  known: ReadonlyMap<string, ApprenticeshipStandard>,
  view: JobProfilesView | null,
): RelationsView {
  const records = [...byUnitGroup.values()].flat();
  const byTitle = entriesByTitle(records);
  const qualifiers = qualifierIdf(records);
  // Standards as the current release says, else as the 2023 answers said, else as NCS knew them in 2020.
  const all = new Map([...known, ...dated, ...approved.map((s) => [s.code, s] as const)]);
  const byName = standardsByName(all.values());
  const namedIn2026 = new Set<string>();
  const placed = new Map<string, PlacedProfile[]>();
  for (const [soc, list] of view?.bySoc ?? [])
    placed.set(
      soc,
      list.map(({ slug, placement }) => {
        const { profile, standards } = view!.profiles.get(slug)!;
        const named = resolveNamedApprenticeships(profile.apprenticeshipsNamed, byName);
        for (const code of named) namedIn2026.add(code);
        return { slug, title: profile.title, posterior: placement.posterior, linked: standards, named };
      }),
    );
  for (const { profile } of view?.profiles.values() ?? [])
    for (const code of resolveNamedApprenticeships(profile.apprenticeshipsNamed, byName)) namedIn2026.add(code);
  const bySoc = relateStandards(all.values(), (s) => typicalTitleShares(s, byTitle, qualifiers), placed);
  return { approvedByCode: new Map(approved.map((s) => [s.code, s])), dated, known, bySoc, namedIn2026 };
}

function derivationOf(r: StandardRelation, standard: ApprenticeshipStandard | undefined): string {
  const reasons: string[] = [];
  const name = standard ? occupationNamed(standard) : null;
  const typical = r.matchedTitles.filter((t) => t !== name);
  if (name && r.matchedTitles.includes(name))
    reasons.push(
      `the occupation it is named for ("${name}") is a title the ONS coding index gives this unit group${standard!.typicalJobTitles.length === 0 ? ' (the release gives no typical job titles)' : ''}`,
    );
  if (typical.length > 0)
    reasons.push(
      `of its typical job titles, ${typical.map((t) => `"${t}"`).join(', ')} ${typical.length === 1 ? 'is a title' : 'are titles'} the ONS coding index gives this unit group`,
    );
  if (r.matchedTitles.length > 0) reasons.push(`title share ${r.typicalTitleShare.toFixed(2)}`);
  for (const p of r.profiles.slice(0, 3))
    reasons.push(
      `the National Careers Service profile "${p.title}", placed here with confidence ${p.confidence.toFixed(2)}, ${p.link === 'linked in the 2020 export' ? 'linked it in November 2020' : 'names it on its 2026 page'}`,
    );
  return `Related by derivation (no publisher maps standards to SOC 2020), confidence ${r.score.toFixed(2)}: ${reasons.join('; ')}.`;
}

type Unscored = Omit<ApprenticeshipOccupation, 'confidence' | 'evidence'>;

const APPROVED_FOR_DELIVERY = 'Approved for delivery';
const AS_OF_2023 = 'as of January 2023';
/** The statuses counted as approved: today's, and that of a standard only the 2023 answers hold. */
const APPROVED = new Set([APPROVED_FOR_DELIVERY, `${APPROVED_FOR_DELIVERY} ${AS_OF_2023}`]);

interface ShowRules {
  namedIn2026: boolean;
  includeInactive: boolean;
  standardsPage: string;
  exportLabel: string;
  /** The releases a shown standard comes from. */
  current: Provenance;
  of2023: Provenance | null;
  /** The NCS content export, for standards known only from its 2020 links. */
  exported: Provenance;
}

/**
 * A related standard as shown, or null when hidden: an approved one always; one outside the
 * approved release when a 2026 NCS page names it, when a strongly placed profile links it (the
 * obviously matching standard is never hidden), or when asked for with includeInactive.
 */
function shownOccupation(
  r: StandardRelation,
  active: ApprenticeshipStandard | undefined,
  dated: ApprenticeshipStandard | undefined,
  old: ApprenticeshipStandard | undefined,
  o: ShowRules,
): Unscored | null {
  const derivation = derivationOf(r, active ?? dated ?? old);
  // The API's list keeps every status: only standards approved for delivery are active; the
  // others (retired, withdrawn, in development) are shown, with their status, on request.
  if (active && (active.status === null || active.status === APPROVED_FOR_DELIVERY))
    return occupationOf(active, derivation, o.standardsPage, o.current, false);
  if (active) return o.includeInactive ? occupationOf(active, derivation, o.standardsPage, o.current, false) : null;
  const strong = o.namedIn2026 || r.profile >= RELATIONS.showUnlisted || o.includeInactive;
  // A standard only the January 2023 answers hold: its status then, said to be of then.
  if (dated && o.of2023 && (dated.status === APPROVED_FOR_DELIVERY || strong))
    return occupationOf(dated, derivation, o.standardsPage, o.of2023, o.namedIn2026 ? NAMED_IN_2026 : null);
  if (!old) return null;
  if (o.namedIn2026)
    return unlistedOccupationOf(old, derivation, o.standardsPage, o.exportLabel, NAMED_IN_2026, o.exported);
  if (r.profile >= RELATIONS.showUnlisted || o.includeInactive)
    return unlistedOccupationOf(old, derivation, o.standardsPage, o.exportLabel, null, o.exported);
  return null;
}

/**
 * A standard as the release holding it gives it. `release` is the current list's provenance or the
 * January 2023 answers' (whose status is then said to be of January 2023, never today's).
 */
function occupationOf(
  s: ApprenticeshipStandard,
  derivation: string,
  standardsPage: string,
  release: Provenance,
  /** False for the current list; else what else says the standard is current (or null). */
  listedAs: string | null | false,
): Unscored {
  const of2023 = listedAs !== false;
  const status = s.status === null ? null : of2023 ? `${s.status} ${AS_OF_2023}` : s.status;
  return {
    code: s.code,
    name: s.name,
    match: 'partial',
    level: s.level,
    status: [status ?? 'unknown', listedAs].filter(Boolean).join('; '),
    overview: s.detail?.overview ?? null,
    route: s.route ?? 'unknown',
    pathway: s.detail?.pathway ?? null,
    technicalLevel: null,
    typicalJobTitles: s.typicalJobTitles,
    products: [
      {
        code: s.code,
        name: s.name,
        type: 'apprenticeship',
        level: s.level,
        status,
        careerStarter: s.careerStarter,
        detail: productDetail(s),
      },
    ],
    url: s.url ?? standardsPage,
    release,
    derivation: of2023
      ? `${derivation} Status, level and detail as the institute's API answered in January 2023 (the current release does not hold this standard).`
      : derivation,
  };
}

/** The detail names a version of the standard; without one the release says too little for it. */
function productDetail(s: ApprenticeshipStandard): ApprenticeshipProduct['detail'] {
  if (s.version === null) return null;
  const { entryRequirements, regulatedBy, professionalRecognition, degree, qualificationsGained } = s.detail ?? {
    entryRequirements: null,
    regulatedBy: null,
    professionalRecognition: [],
    degree: null,
    qualificationsGained: [],
  };
  return {
    durationMonths: s.durationMonths,
    entryRequirements,
    regulatedBy,
    professionalRecognition,
    degree,
    qualificationsGained,
    version: s.version,
  };
}

/** A standard NCS knew in 2020 that is not in the approved list served: what the export says of it, labelled so. */
function unlistedOccupationOf(
  s: ApprenticeshipStandard,
  derivation: string,
  standardsPage: string,
  exportLabel: string,
  listedAs: string | null,
  release: Provenance,
): Unscored {
  const status = listedAs
    ? `Not among the approved standards in this release (which holds only part of Skills England's approved list); ${listedAs}`
    : `Unknown: not among the approved standards in this release (which holds only part of Skills England's approved list); listed in the ${exportLabel}`;
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
    release,
    derivation: `${derivation} Level, route and name as the National Careers Service listed them in November 2020.`,
  };
}

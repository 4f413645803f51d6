import {
  ENTRY_REQUIREMENTS_HEADING,
  profileKey,
  type NcsProfile,
  type ProfileRoute,
} from '../../domain/how-to-become.js';
import type { Edition } from '../../domain/editions.js';
import { liveSlugsOf, pageOutcomesOf, profilesOf } from '../../store/how-to-become.js';
import type { Db } from '../../store/schema.js';
import { soc2010GroupsIntoEach } from '../../store/soc-crosswalk.js';
import { CODING_INDEX } from '../occupations/coding-index.js';
import type { CurrentEditions, Served } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';
import { pooledShares } from '../occupations/crosswalk-shares.js';
import { ProfilePlacer, type Placement, type PlacementInputs, type PlacementSubject } from './profile-placement.js';
import { offThread, type BuildRunner } from '../off-thread.js';
import type { UnitGroupTexts, UnitGroupTextView } from '../occupations/unit-group-text.js';

const NCS_JOB_PROFILES = 'ncs-job-profiles' as const;
export const NCS_CONTENT_EXPORT = 'ncs-content-export-2020' as const;
const SOC_CROSSWALK = 'soc-crosswalk' as const;
/** What a warm-up's 404 names (a request's own 404 names what it asked for). */
const WHAT = 'Job profiles';

/** A live job profile as served: the newest text for its slug, and which release each part is from. */
export interface ServedProfile {
  profile: NcsProfile;
  /** The release of its title and text: the 2026 pages where retrieved, else the 2020 export. */
  served: Served;
  /** What comes from which release, to pass on with the text. */
  contentNote: string;
  /** The standards the 2020 export links the slug to (evidence for apprenticeships). */
  standards: string[];
}

export interface ProfilePlacement {
  slug: string;
  placement: Placement;
}

/** The live profiles with content, where they sit in SOC 2020, and the counts the coverage reports. */
export interface JobProfilesView {
  pages: Served;
  export: Served | null;
  /** The evidence the placement used: Volume 1 (text) and the ONS SOC 2010 -> 2020 table; null when not published. */
  descriptions: Edition | null;
  crosswalk: Edition | null;
  profiles: Map<string, ServedProfile>;
  bySoc: Map<string, ProfilePlacement[]>;
  counts: {
    liveSlugs: number;
    fromPages: number;
    fromExport: number;
    /** Live slugs neither release has content for. */
    liveWithoutContent: number;
    /** Export profiles the sitemap read did not list, kept: their own page has not said they are gone. */
    exportNotListed: number;
    /** Export profiles whose own page the site answered with a 404 or its missing-profile page: left out. */
    gone: number;
    /** Profiles whose slug changed (parentheses dropped, or a redirect to a new address), kept as one. */
    renamed: number;
    placed: number;
    unitGroups: number;
    /** Unit groups given their single best profile by the fill pass. */
    filled: number;
  };
}

/**
 * The job profiles the service answers from: each live slug (in the 2026 sitemap) with the 2026
 * page where one was retrieved, else the November 2020 export, placed on SOC 2020 unit groups by
 * their combined evidence (`ProfilePlacer`). Built once per set of current editions.
 */
export class JobProfiles {
  /** The placements of the current editions (a memo that reads them names it among its reads). */
  readonly memo: EditionsMemo<JobProfilesView>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly unitGroupTexts: UnitGroupTexts,
    private readonly runBuild: BuildRunner = offThread,
  ) {
    this.memo = current.memos.memo({
      name: 'NCS profile placements',
      sources: [NCS_JOB_PROFILES, NCS_CONTENT_EXPORT, SOC_CROSSWALK],
      reads: [unitGroupTexts.memo],
      warm: true,
      build: async (editions) => {
        const { [NCS_JOB_PROFILES]: pages, [NCS_CONTENT_EXPORT]: exported, [SOC_CROSSWALK]: crosswalk } = editions;
        const texts = await this.unitGroupTexts.get();
        if (!pages) throw this.current.unavailable(NCS_JOB_PROFILES, WHAT);
        if (!texts) throw this.current.unavailable(CODING_INDEX, WHAT);
        const served = (edition: Edition | null) => (edition ? this.current.served(edition) : null);
        return this.build(served(pages)!, served(exported), texts, crosswalk);
      },
    });
  }

  /** The view, or the 404 naming the 2026 profiles or the coding index when either has no release. */
  async get(what: string): Promise<JobProfilesView> {
    await this.current.serving(NCS_JOB_PROFILES, what);
    if (!(await this.unitGroupTexts.get())) throw this.current.unavailable(CODING_INDEX, what);
    return this.memo.get();
  }

  private async build(
    pages: Served,
    exported: Served | null,
    texts: UnitGroupTextView,
    crosswalk: Edition | null,
  ): Promise<JobProfilesView> {
    const [live, retrieved, old, outcomes] = await Promise.all([
      liveSlugsOf(this.db, pages.edition.id),
      profilesOf(this.db, pages.edition.id),
      exported ? profilesOf(this.db, exported.edition.id) : Promise.resolve([]),
      pageOutcomesOf(this.db, pages.edition.id),
    ]);
    // A profile is one key across slug changes: its slug normalised, after any redirect NCS gave.
    const movedTo = new Map(outcomes.filter((o) => o.movedTo !== null).map((o) => [o.slug, o.movedTo!]));
    const keyOf = (slug: string) => profileKey(movedTo.get(slug) ?? slug);
    const gone = new Set(outcomes.filter((o) => o.outcome === 'gone').map((o) => keyOf(o.slug)));
    const liveByKey = new Map(live.map((slug) => [keyOf(slug), movedTo.get(slug) ?? slug]));
    const newByKey = new Map(retrieved.map((p) => [keyOf(p.slug), p]));
    const oldByKey = new Map(old.map((p) => [keyOf(p.slug), p]));
    const profiles = new Map<string, ServedProfile>();
    let renamed = 0;
    // Every profile either release knows, unless its own page said it is gone: one sitemap read
    // that missed a profile (NCS's sitemap varies between reads) does not remove it.
    for (const key of [...new Set([...liveByKey.keys(), ...oldByKey.keys()])].sort()) {
      if (gone.has(key)) continue;
      const page = newByKey.get(key);
      const earlier = oldByKey.get(key);
      const slug = liveByKey.get(key) ?? page?.slug ?? earlier!.slug;
      if (earlier && earlier.slug !== slug) renamed++;
      if (page)
        profiles.set(slug, {
          profile: { ...(earlier ? overlay(page, earlier) : page), slug },
          served: pages,
          contentNote: pageNote(page, earlier, exported),
          standards: earlier?.standards ?? [],
        });
      else if (earlier && exported)
        profiles.set(slug, {
          profile: { ...earlier, slug, url: earlier.url.replace(/[^/]*$/, slug) },
          served: exported,
          contentNote: exportNote(exported, liveByKey.has(key)),
          standards: earlier.standards,
        });
    }

    const subjects = [...profiles.values()].map(({ profile }) => placementSubject(profile));
    // Seconds of CPU: placed in a worker thread while this one serves.
    const bySoc = await this.runBuild<Map<string, ProfilePlacement[]>>(import.meta.url, 'placeProfiles', {
      unitGroupBags: texts.bags,
      records: [...texts.codingIndex.byUnitGroup.values()].flat(),
      shares: crosswalk ? pooledShares(await soc2010GroupsIntoEach(this.db, crosswalk.id)) : null,
      subjects,
    } satisfies PlacementInputs);
    const placedSlugs = new Set([...bySoc.values()].flatMap((list) => list.map((p) => p.slug)));

    return {
      pages,
      export: exported,
      descriptions: texts.descriptions,
      crosswalk,
      profiles,
      bySoc,
      counts: {
        liveSlugs: live.length,
        fromPages: [...profiles.values()].filter((p) => p.served === pages).length,
        fromExport: [...profiles.values()].filter((p) => p.served !== pages).length,
        liveWithoutContent: [...liveByKey.values()].filter((slug) => !profiles.has(slug)).length,
        exportNotListed: [...oldByKey.keys()].filter((key) => !liveByKey.has(key) && !gone.has(key)).length,
        gone: [...oldByKey.keys()].filter((key) => gone.has(key)).length,
        renamed,
        placed: placedSlugs.size,
        unitGroups: bySoc.size,
        filled: [...bySoc.values()].filter((list) => list.some((p) => p.placement.fill)).length,
      },
    };
  }
}

/** Every profile's placements, by unit group: run in a worker thread by off-thread.ts, which imports it by name. */
export function placeProfiles(inputs: PlacementInputs): Promise<Map<string, ProfilePlacement[]>> {
  return new ProfilePlacer(inputs).placeAll(inputs.subjects);
}

/** What a profile says about itself, as placement evidence: its titles, summary and day-to-day tasks. */
export function placementSubject(profile: NcsProfile): PlacementSubject {
  return {
    slug: profile.slug,
    title: profile.title,
    alternativeTitles: profile.alternativeTitles,
    text: [profile.summary ?? '', ...profile.tasks].filter(Boolean),
    soc2010: profile.soc2010,
  };
}

/**
 * A 2026 page over the 2020 export's structure: the page's title, alternative titles, routes
 * listed, entry requirements, registration and restrictions, and its routes (a route the page no
 * longer has is dropped); within each route the export's blocks, with the page's entry
 * requirements in place of the export's. The page's "More information" replaces the export's.
 */
function overlay(page: NcsProfile, earlier: NcsProfile): NcsProfile {
  const routes: ProfileRoute[] = page.routes.map((route) => {
    const before = earlier.routes.find((r) => r.kind === route.kind);
    if (!before || route.kind === 'more_information') return route;
    const current = route.blocks.find((b) => b.heading === ENTRY_REQUIREMENTS_HEADING);
    const blocks = before.blocks.flatMap((block) => {
      if (block.heading !== ENTRY_REQUIREMENTS_HEADING) return [block];
      if (!current) return [];
      // The export's lead-in ("You'll usually need:") stays; the list is the page's.
      return [
        {
          heading: block.heading,
          parts: [{ text: block.parts[0]?.text ?? null, items: current.parts.flatMap((p) => p.items ?? []) }],
        },
      ];
    });
    if (current && !blocks.some((b) => b.heading === ENTRY_REQUIREMENTS_HEADING)) blocks.push(current);
    return { ...route, blocks };
  });
  return {
    ...page,
    summary: earlier.summary,
    requirementNotes: earlier.requirementNotes,
    routes,
    soc2010: earlier.soc2010,
    standards: earlier.standards,
    tasks: earlier.tasks,
    onetSoc2010: earlier.onetSoc2010,
  };
}

function pageNote(page: NcsProfile, earlier: NcsProfile | undefined, exported: Served | null): string {
  const retrieved = `as published on the National Careers Service site, retrieved ${page.retrievedAt?.slice(0, 10) ?? 'in 2026'}`;
  if (!earlier || !exported)
    return `Title, alternative titles, routes and entry requirements ${retrieved}; the page's other text is not in this release.`;
  return `Title, alternative titles, the routes listed, entry requirements, registration, restrictions and "More information" ${retrieved}. The summary, the other route text, links and other requirements are from the ${exported.edition.label} and may have changed since.`;
}

function exportNote(exported: Served, listed: boolean): string {
  return (
    `${exported.edition.label}: not the current page, which may have changed since; read the current text at the profile's url.` +
    (listed ? '' : ' The sitemap read did not list it; its page has not said it is gone, so it is kept.')
  );
}

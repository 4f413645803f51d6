import { round } from '../../domain/numbers.js';
import type { HowToBecomeResponse } from '../../schemas/how-to-become.js';
import type { JobProfiles, JobProfilesView } from './job-profiles.js';
import { matchKind, type Placement } from './profile-placement.js';
import type { Occupations } from '../occupations/index.js';

/** The National Careers Service job profiles of a unit group: how to become one, route by route. */
export class HowToBecome {
  constructor(
    private readonly jobProfiles: JobProfiles,
    private readonly occupations: Occupations,
  ) {}

  async howToBecome(soc: string): Promise<HowToBecomeResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const view = await this.jobProfiles.get('How to become (National Careers Service job profiles)');
    const profiles = (view.bySoc.get(soc) ?? []).map(({ slug, placement }) => {
      const { profile, served, contentNote } = view.profiles.get(slug)!;
      const placedBy = matchKind(placement);
      return {
        slug: profile.slug,
        title: profile.title,
        alternativeTitles: profile.alternativeTitles,
        summary: profile.summary,
        // A title match only when a title is what placed the profile here; placedBy says what did otherwise.
        match: placedBy === 'title' || placedBy === 'alternative title' ? placedBy : null,
        placedBy,
        strength: placement.strength,
        confidence: round2(placement.posterior),
        evidence: evidenceOf(placement),
        routesIntro: profile.routesIntro,
        routesListed: profile.routesListed,
        routes: profile.routes,
        requirements: profile.requirements,
        requirementNotes: profile.requirementNotes,
        url: profile.url,
        contentNote,
        provenance: served.provenance,
      };
    });
    // Profiles matched by their own title first, then by an alternative title, then the rest (stable).
    profiles.sort((a, b) => MATCH_ORDER.indexOf(a.match) - MATCH_ORDER.indexOf(b.match));
    return {
      soc2020: soc,
      title: unit.title,
      profiles,
      derivation: DERIVATION,
      method: METHOD,
      attribution: view.pages.source.attribution,
      coverage: { referencePeriod: referencePeriod(view), note: coverageNote(view) },
      provenance: view.pages.provenance,
    };
  }
}

const MATCH_ORDER: ReadonlyArray<string | null> = ['title', 'alternative title', null];

const round2 = (x: number) => round(x, 2);
const round3 = (x: number) => round(x, 3);

function evidenceOf(p: Placement) {
  const t = p.evidence.title;
  return {
    soc2010: p.evidence.soc2010 && { code: p.evidence.soc2010.code, share: round3(p.evidence.soc2010.share) },
    matchedTitle: t?.matchedTitle ?? null,
    qualifier: t?.qualifier ?? null,
    qualifierSupport: t ? round2(t.qualifierSupport) : null,
    textSimilarity: round3(p.evidence.textSimilarity),
    textRank: p.evidence.textRank,
    fill: p.fill,
  };
}

const DERIVATION =
  'National Careers Service job profiles placed on this occupation by the service, from their SOC 2010 code, their titles in the ONS coding index and their text: the National Careers Service does not code its profiles to SOC 2020. ' +
  "Each profile's confidence and evidence say how surely and on what it was placed.";

/** Where the docs explain the placement in full. */
const METHOD = '/docs/methods/how-to-become.md#how-profiles-are-placed';

function referencePeriod(view: JobProfilesView): string {
  return view.export ? `${view.pages.edition.label}; ${view.export.edition.label}` : view.pages.edition.label;
}

function coverageNote(view: JobProfilesView): string {
  const c = view.counts;
  return [
    `Profiles are placed by their combined evidence (see method): their SOC 2010 code${view.crosswalk ? '' : ' (not used: no release of the ONS SOC 2010 -> 2020 table is published)'}, the coding-index entries of their titles with their qualifiers, and their text against the ONS unit group descriptions${view.descriptions ? '' : ' (coding-index titles only: no release of the descriptions is published)'}. Its precision and coverage are measured on held-out evidence (the service's bench/README.md, "Joins").`,
    `Of the ${c.liveSlugs} profiles the National Careers Service sitemap lists, ${c.fromPages} are served as published in 2026 and ${c.fromExport} from the November 2020 content export (say so where shown: their text may have changed); ${c.liveWithoutContent} have no content in either release and are missing.`,
    `${c.placed} of them are placed on at least one of ${c.unitGroups} unit groups (${c.filled} given their best profile by the fill pass); a unit group may have several profiles or none.`,
    c.exportNotListed > 0
      ? `${c.exportNotListed} profiles of the 2020 export were not in the sitemap read; their pages have not said they are gone, so they are kept (the sitemap lists a different set on each read).`
      : '',
    c.gone > 0
      ? `${c.gone} profiles of the 2020 export are left out: their own page answered 404 or the site's missing-profile page.`
      : '',
    c.renamed > 0
      ? `${c.renamed} profiles whose address changed (a slug without its parentheses, or a redirect) are kept as one profile under the current address.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

import type { HowToBecomeResponse } from '../schemas/how-to-become.js';
import type { JobProfiles, JobProfilesView } from './job-profiles.js';
import type { Occupations } from './occupations.js';

/** The National Careers Service job profiles of a unit group: how to become one, route by route. */
export class HowToBecome {
  constructor(
    private readonly jobProfiles: JobProfiles,
    private readonly occupations: Occupations,
  ) {}

  async howToBecome(soc: string): Promise<HowToBecomeResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const view = await this.jobProfiles.get('How to become (National Careers Service job profiles)');
    const profiles = (view.bySoc.get(soc) ?? []).map(({ slug, match }) => {
      const { profile, served, contentNote } = view.profiles.get(slug)!;
      return {
        slug: profile.slug,
        title: profile.title,
        alternativeTitles: profile.alternativeTitles,
        summary: profile.summary,
        match,
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
    return {
      soc2020: soc,
      title: unit.title,
      profiles,
      attribution: view.pages.source.attribution,
      coverage: { referencePeriod: referencePeriod(view), note: coverageNote(view) },
      provenance: view.pages.provenance,
    };
  }
}

function referencePeriod(view: JobProfilesView): string {
  return view.export ? `${view.pages.edition.label}; ${view.export.edition.label}` : view.pages.edition.label;
}

function coverageNote(view: JobProfilesView): string {
  const c = view.counts;
  return [
    `Profiles are placed on a unit group where the ONS SOC 2020 coding index lists their title (match "title") or one of their alternative titles (match "alternative title") exactly, setting aside case, punctuation, possessives and plurals; nothing is matched by similarity.`,
    `Of the ${c.liveSlugs} profiles the National Careers Service sitemap lists, ${c.fromPages} are served as published in 2026 and ${c.fromExport} from the November 2020 content export (say so where shown: their text may have changed); ${c.liveWithoutContent} have no content in either release and are missing.`,
    `${c.placed} of them are placed on at least one of ${c.unitGroups} unit groups; a unit group may have several profiles or none.`,
    c.exportNotLive > 0 ? `${c.exportNotLive} profiles of the 2020 export are no longer listed and are left out.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

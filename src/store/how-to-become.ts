import type { NcsContentExport, NcsJobProfilesRelease, NcsProfile, PageOutcome } from '../domain/how-to-become.js';
import { insertStandards } from './apprenticeships.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';
import type { NcsProfilesTable } from './tables/how-to-become.js';

export async function insertContentExport(db: DbOrTx, editionId: string, release: NcsContentExport): Promise<number> {
  return (
    (await insertProfiles(db, editionId, release.profiles)) + (await insertStandards(db, editionId, release.standards))
  );
}

export async function insertJobProfiles(
  db: DbOrTx,
  editionId: string,
  release: NcsJobProfilesRelease,
): Promise<number> {
  const slugs = await insertInBatches(
    db,
    'ncs_live_slugs',
    release.liveSlugs.map((slug) => ({ edition_id: editionId, slug })),
  );
  const outcomes = await insertInBatches(
    db,
    'ncs_page_outcomes',
    (release.pageOutcomes ?? []).map((o) => ({
      edition_id: editionId,
      slug: o.slug,
      outcome: o.outcome,
      moved_to: o.movedTo,
    })),
  );
  return slugs + outcomes + (await insertProfiles(db, editionId, release.profiles));
}

/** What the site said of pages it did not serve at their own address (gone, or moved to another slug). */
export async function pageOutcomesOf(db: DbOrTx, editionId: string): Promise<PageOutcome[]> {
  const rows = await db
    .selectFrom('ncs_page_outcomes')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('slug')
    .execute();
  return rows.map((r) => ({ slug: r.slug, outcome: r.outcome, movedTo: r.moved_to }));
}

function insertProfiles(db: DbOrTx, editionId: string, profiles: NcsProfile[]): Promise<number> {
  return insertInBatches(
    db,
    'ncs_profiles',
    profiles.map((p) => ({
      edition_id: editionId,
      slug: p.slug,
      title: p.title,
      alternative_titles: JSON.stringify(p.alternativeTitles),
      summary: p.summary,
      routes_intro: p.routesIntro,
      routes_listed: JSON.stringify(p.routesListed),
      routes: JSON.stringify(p.routes),
      requirements: JSON.stringify(p.requirements),
      requirement_notes: JSON.stringify(p.requirementNotes),
      url: p.url,
      soc2010: p.soc2010,
      standards: JSON.stringify(p.standards),
      retrieved_at: p.retrievedAt,
      tasks: JSON.stringify(p.tasks),
      onet_soc_2010: p.onetSoc2010,
      apprenticeships_named: JSON.stringify(p.apprenticeshipsNamed),
    })),
  );
}

/** Every profile of a release, by slug order. */
export async function profilesOf(db: DbOrTx, editionId: string): Promise<NcsProfile[]> {
  const rows = await db
    .selectFrom('ncs_profiles')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('slug')
    .execute();
  return rows.map(profileFromRow);
}

export async function liveSlugsOf(db: DbOrTx, editionId: string): Promise<string[]> {
  return (
    await db.selectFrom('ncs_live_slugs').select('slug').where('edition_id', '=', editionId).orderBy('slug').execute()
  ).map((r) => r.slug);
}

function profileFromRow(r: NcsProfilesTable): NcsProfile {
  return {
    slug: r.slug,
    title: r.title,
    alternativeTitles: JSON.parse(r.alternative_titles) as string[],
    summary: r.summary,
    routesIntro: r.routes_intro,
    routesListed: JSON.parse(r.routes_listed) as string[],
    routes: JSON.parse(r.routes) as NcsProfile['routes'],
    requirements: JSON.parse(r.requirements) as string[],
    requirementNotes: JSON.parse(r.requirement_notes) as string[],
    url: r.url,
    soc2010: r.soc2010,
    standards: JSON.parse(r.standards) as string[],
    retrievedAt: r.retrieved_at,
    tasks: JSON.parse(r.tasks) as string[],
    onetSoc2010: r.onet_soc_2010,
    apprenticeshipsNamed: JSON.parse(r.apprenticeships_named) as string[],
  };
}

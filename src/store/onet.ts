import type { IscoUsSocLink, OnetOccupation, OnetRating, OnetSoc2010Link } from '../domain/work-profile.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

export async function insertOnetOccupations(db: DbOrTx, editionId: string, occupations: OnetOccupation[]): Promise<number> {
  return insertInBatches(db, 'onet_occupations', occupations.map((o) => ({ edition_id: editionId, code: o.code, title: o.title })));
}

export async function insertOnetScores(db: DbOrTx, editionId: string, ratings: OnetRating[]): Promise<number> {
  return insertInBatches(db, 'onet_scores', ratings.map((r) => ({
    edition_id: editionId,
    code: r.code,
    element_id: r.elementId,
    element_name: r.elementName,
    value: r.value,
  })));
}

export async function insertIscoUsSocLinks(db: DbOrTx, editionId: string, links: IscoUsSocLink[]): Promise<number> {
  return insertInBatches(db, 'isco_us_soc_links', links.map((l) => ({
    edition_id: editionId,
    isco08: l.isco08,
    us_soc_2010: l.usSoc2010,
    us_soc_title: l.usSocTitle,
    partial: l.partial ? 1 : 0,
  })));
}

export async function insertOnetSoc2010Links(db: DbOrTx, editionId: string, links: OnetSoc2010Link[]): Promise<number> {
  return insertInBatches(db, 'onet_soc_2010_links', links.map((l) => ({ edition_id: editionId, onet_soc_2010: l.onetSoc2010, onet_title: l.onetTitle, us_soc_2010: l.usSoc2010 })));
}

/** The US SOC 2010 occupations the crosswalk pairs with the ISCO-08 groups. */
export async function usSocLinksOfIscoGroups(db: DbOrTx, editionId: string, iscoGroups: string[]): Promise<IscoUsSocLink[]> {
  if (iscoGroups.length === 0) return [];
  const rows = await db
    .selectFrom('isco_us_soc_links')
    .select(['isco08', 'us_soc_2010', 'us_soc_title', 'partial'])
    .where('edition_id', '=', editionId)
    .where('isco08', 'in', iscoGroups)
    .execute();
  return rows.map((r) => ({ isco08: r.isco08, usSoc2010: r.us_soc_2010, usSocTitle: r.us_soc_title, partial: Number(r.partial) === 1 }));
}

/** O*NET occupations whose code starts with one of the six-digit US SOC codes ("15-1252" matches 15-1252.00, .01, ...). */
export async function onetOccupationsUnder(db: DbOrTx, editionId: string, usSocCodes: string[]): Promise<OnetOccupation[]> {
  if (usSocCodes.length === 0) return [];
  return db
    .selectFrom('onet_occupations')
    .select(['code', 'title'])
    .where('edition_id', '=', editionId)
    .where((eb) => eb.fn<string>('substr', ['code', eb.val(1), eb.val(7)]), 'in', usSocCodes)
    .execute();
}

/** The ratings of an edition (interests or abilities) for the occupations, by code. */
export async function scoresOf(db: DbOrTx, editionId: string, codes: string[]): Promise<Map<string, Array<{ elementId: string; elementName: string; value: number }>>> {
  const byCode = new Map<string, Array<{ elementId: string; elementName: string; value: number }>>();
  if (codes.length === 0) return byCode;
  const rows = await db
    .selectFrom('onet_scores')
    .select(['code', 'element_id', 'element_name', 'value'])
    .where('edition_id', '=', editionId)
    .where('code', 'in', codes)
    .execute();
  for (const r of rows) {
    const list = byCode.get(r.code) ?? [];
    list.push({ elementId: r.element_id, elementName: r.element_name, value: Number(r.value) });
    byCode.set(r.code, list);
  }
  return byCode;
}

/** The O*NET-SOC 2010 occupations of the US SOC 2010 codes. */
export async function onetSoc2010Of(db: DbOrTx, editionId: string, usSocCodes: string[]): Promise<OnetSoc2010Link[]> {
  if (usSocCodes.length === 0) return [];
  const rows = await db
    .selectFrom('onet_soc_2010_links')
    .select(['onet_soc_2010', 'onet_title', 'us_soc_2010'])
    .where('edition_id', '=', editionId)
    .where('us_soc_2010', 'in', usSocCodes)
    .execute();
  return rows.map((r) => ({ onetSoc2010: r.onet_soc_2010, onetTitle: r.onet_title, usSoc2010: r.us_soc_2010 }));
}

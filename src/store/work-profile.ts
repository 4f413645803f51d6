import type {
  IscoUsSocLink,
  OnetOccupation,
  OnetRating,
  OnetSoc2010Link,
  OnetSoc2018Link,
  OnetSoc2019Link,
} from '../domain/work-profile.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

export async function insertOnetOccupations(
  db: DbOrTx,
  editionId: string,
  occupations: OnetOccupation[],
): Promise<number> {
  return insertInBatches(
    db,
    'onet_occupations',
    occupations.map((o) => ({ edition_id: editionId, code: o.code, title: o.title })),
  );
}

export async function insertOnetScores(db: DbOrTx, editionId: string, ratings: OnetRating[]): Promise<number> {
  return insertInBatches(
    db,
    'onet_scores',
    ratings.map((r) => ({
      edition_id: editionId,
      code: r.code,
      element_id: r.elementId,
      element_name: r.elementName,
      value: r.value,
    })),
  );
}

export async function insertIscoUsSocLinks(db: DbOrTx, editionId: string, links: IscoUsSocLink[]): Promise<number> {
  return insertInBatches(
    db,
    'isco_us_soc_links',
    links.map((l) => ({
      edition_id: editionId,
      isco08: l.isco08,
      us_soc_2010: l.usSoc2010,
      us_soc_title: l.usSocTitle,
      partial: l.partial ? 1 : 0,
    })),
  );
}

export async function insertOnetSoc2010Links(db: DbOrTx, editionId: string, links: OnetSoc2010Link[]): Promise<number> {
  return insertInBatches(
    db,
    'onet_soc_2010_links',
    links.map((l) => ({
      edition_id: editionId,
      onet_soc_2010: l.onetSoc2010,
      onet_title: l.onetTitle,
      us_soc_2010: l.usSoc2010,
    })),
  );
}

export async function insertOnetSoc2019Links(db: DbOrTx, editionId: string, links: OnetSoc2019Link[]): Promise<number> {
  return insertInBatches(
    db,
    'onet_soc_2019_links',
    links.map((l) => ({
      edition_id: editionId,
      onet_soc_2010: l.onetSoc2010,
      onet_soc_2019: l.onetSoc2019,
      onet_2019_title: l.onetSoc2019Title,
    })),
  );
}

export async function insertOnetSoc2018Links(db: DbOrTx, editionId: string, links: OnetSoc2018Link[]): Promise<number> {
  return insertInBatches(
    db,
    'onet_soc_2018_links',
    links.map((l) => ({
      edition_id: editionId,
      onet_soc_2019: l.onetSoc2019,
      onet_title: l.onetTitle,
      us_soc_2018: l.usSoc2018,
      us_soc_2018_title: l.usSoc2018Title,
    })),
  );
}

/** The US SOC 2010 occupations the crosswalk pairs with the ISCO-08 groups. */
export async function usSocLinksOfIscoGroups(
  db: DbOrTx,
  editionId: string,
  iscoGroups: string[],
): Promise<IscoUsSocLink[]> {
  if (iscoGroups.length === 0) return [];
  const rows = await db
    .selectFrom('isco_us_soc_links')
    .select(['isco08', 'us_soc_2010', 'us_soc_title', 'partial'])
    .where('edition_id', '=', editionId)
    .where('isco08', 'in', iscoGroups)
    .orderBy('isco08')
    .orderBy('us_soc_2010')
    .execute();
  return rows.map((r) => ({
    isco08: r.isco08,
    usSoc2010: r.us_soc_2010,
    usSocTitle: r.us_soc_title,
    partial: Number(r.partial) === 1,
  }));
}

/** The O*NET-SOC 2019 occupations of the codes that Occupation Data lists, with their titles. */
export async function onetOccupationsOf(db: DbOrTx, editionId: string, codes: string[]): Promise<OnetOccupation[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom('onet_occupations')
    .select(['code', 'title'])
    .where('edition_id', '=', editionId)
    .where('code', 'in', codes)
    .orderBy('code')
    .execute();
}

/** The ratings of an edition (interests or abilities) for the occupations, by code. */
export async function scoresOf(
  db: DbOrTx,
  editionId: string,
  codes: string[],
): Promise<Map<string, Array<{ elementId: string; elementName: string; value: number }>>> {
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
    .orderBy('us_soc_2010')
    .orderBy('onet_soc_2010')
    .execute();
  return rows.map((r) => ({ onetSoc2010: r.onet_soc_2010, onetTitle: r.onet_title, usSoc2010: r.us_soc_2010 }));
}

/** Every row of the 2010 to 2019 crosswalk for the O*NET-SOC 2010 occupations (a split occupation has several). */
export async function onetSoc2019SuccessorsOf(
  db: DbOrTx,
  editionId: string,
  onetSoc2010Codes: string[],
): Promise<OnetSoc2019Link[]> {
  if (onetSoc2010Codes.length === 0) return [];
  const rows = await db
    .selectFrom('onet_soc_2019_links')
    .select(['onet_soc_2010', 'onet_soc_2019', 'onet_2019_title'])
    .where('edition_id', '=', editionId)
    .where('onet_soc_2010', 'in', onetSoc2010Codes)
    .execute();
  return rows.map((r) => ({
    onetSoc2010: r.onet_soc_2010,
    onetSoc2019: r.onet_soc_2019,
    onetSoc2019Title: r.onet_2019_title,
  }));
}

/** The O*NET-SOC 2019 occupations of the 2018 SOC occupations that hold the given O*NET-SOC 2019 codes, these included. */
export async function onetSoc2018SiblingsOf(
  db: DbOrTx,
  editionId: string,
  onetSoc2019Codes: string[],
): Promise<OnetSoc2018Link[]> {
  if (onetSoc2019Codes.length === 0) return [];
  const rows = await db
    .selectFrom('onet_soc_2018_links')
    .select(['onet_soc_2019', 'onet_title', 'us_soc_2018', 'us_soc_2018_title'])
    .where('edition_id', '=', editionId)
    .where('us_soc_2018', 'in', (eb) =>
      eb
        .selectFrom('onet_soc_2018_links')
        .select('us_soc_2018')
        .where('edition_id', '=', editionId)
        .where('onet_soc_2019', 'in', onetSoc2019Codes),
    )
    .orderBy('us_soc_2018')
    .orderBy('onet_soc_2019')
    .execute();
  return rows.map((r) => ({
    onetSoc2019: r.onet_soc_2019,
    onetTitle: r.onet_title,
    usSoc2018: r.us_soc_2018,
    usSoc2018Title: r.us_soc_2018_title,
  }));
}

/** Every O*NET-SOC 2019 occupation Occupation Data lists: the collection the closeness of a title is judged in. */
export async function allOnetOccupations(db: DbOrTx, editionId: string): Promise<OnetOccupation[]> {
  return db
    .selectFrom('onet_occupations')
    .select(['code', 'title'])
    .where('edition_id', '=', editionId)
    .orderBy('code')
    .execute();
}

import type { SocDescription } from '../domain/soc.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';
import type { SocDescriptionsTable } from './tables/occupations.js';

export async function insertSocDescriptions(
  db: DbOrTx,
  editionId: string,
  descriptions: SocDescription[],
): Promise<number> {
  const rows: SocDescriptionsTable[] = descriptions.map((d) => ({
    edition_id: editionId,
    code: d.code,
    title: d.title,
    description: d.description,
    entry_routes: d.entryRoutes,
    tasks: JSON.stringify(d.tasks),
    related_titles: JSON.stringify(d.relatedTitles),
  }));
  return insertInBatches(db, 'soc_descriptions', rows);
}

export async function findSocDescription(db: DbOrTx, editionId: string, code: string): Promise<SocDescription | null> {
  const row = await db
    .selectFrom('soc_descriptions')
    .selectAll()
    .where('edition_id', '=', editionId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Every unit group's description in an edition, by code. */
export async function allSocDescriptions(db: DbOrTx, editionId: string): Promise<SocDescription[]> {
  const rows = await db
    .selectFrom('soc_descriptions')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('code')
    .execute();
  return rows.map(fromRow);
}

function fromRow(row: SocDescriptionsTable): SocDescription {
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    entryRoutes: row.entry_routes,
    tasks: JSON.parse(row.tasks) as string[],
    relatedTitles: JSON.parse(row.related_titles) as string[],
  };
}

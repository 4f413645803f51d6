import type { SocGroup } from '../domain/soc.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';
import type { SocGroupsTable } from './tables/occupations.js';

export async function insertSocGroups(db: DbOrTx, editionId: string, groups: SocGroup[]): Promise<number> {
  const rows: SocGroupsTable[] = groups.map((g) => ({
    edition_id: editionId,
    code: g.code,
    level: g.level,
    title: g.title,
    parent_code: g.parentCode,
  }));
  return insertInBatches(db, 'soc_groups', rows);
}

export async function socGroupsOfEdition(db: DbOrTx, editionId: string): Promise<SocGroup[]> {
  const rows = await db
    .selectFrom('soc_groups')
    .select(['code', 'level', 'title', 'parent_code'])
    .where('edition_id', '=', editionId)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ code: r.code, level: r.level, title: r.title, parentCode: r.parent_code }));
}

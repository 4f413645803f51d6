import type { AreaKind, GeographyArea } from '../domain/areas.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

export async function insertGeographyAreas(db: DbOrTx, editionId: string, areas: GeographyArea[]): Promise<number> {
  return insertInBatches(
    db,
    'geography_areas',
    areas.map((a) => ({
      edition_id: editionId,
      code: a.code,
      name: a.name,
      kind: a.kind,
      region_code: a.regionCode,
      region_name: a.regionName,
    })),
  );
}

export async function geographyAreasOf(db: DbOrTx, editionId: string): Promise<GeographyArea[]> {
  const rows = await db
    .selectFrom('geography_areas')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    kind: r.kind as AreaKind,
    regionCode: r.region_code,
    regionName: r.region_name,
  }));
}

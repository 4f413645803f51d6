import {
  CROSSWALK_SAMPLES,
  type CrosswalkSample,
  type Soc2010Base,
  type SocCrosswalk,
  type SocCrosswalkLink,
} from '../domain/soc.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

/** The column of each sample: `menLfs` is stored as `men_lfs`. */
const COLUMN = {
  menLfs: 'men_lfs',
  menCensus: 'men_census',
  womenLfs: 'women_lfs',
  womenCensus: 'women_census',
} as const satisfies Record<CrosswalkSample, string>;

type SampleColumns = { [S in CrosswalkSample as (typeof COLUMN)[S]]: number | null };

function toColumns(values: Record<CrosswalkSample, number | null>): SampleColumns {
  return Object.fromEntries(CROSSWALK_SAMPLES.map((s) => [COLUMN[s], values[s]])) as SampleColumns;
}

function fromColumns(row: SampleColumns): Record<CrosswalkSample, number | null> {
  return Object.fromEntries(
    CROSSWALK_SAMPLES.map((s) => [s, row[COLUMN[s]] === null ? null : Number(row[COLUMN[s]])]),
  ) as Record<CrosswalkSample, number | null>;
}

export async function insertSocCrosswalk(db: DbOrTx, editionId: string, crosswalk: SocCrosswalk): Promise<number> {
  const bases = await insertInBatches(
    db,
    'soc2010_bases',
    crosswalk.bases.map((b) => ({
      edition_id: editionId,
      soc2010: b.soc2010,
      title: b.title,
      ...toColumns(b.records),
    })),
  );
  const links = await insertInBatches(
    db,
    'soc_crosswalk_links',
    crosswalk.links.map((l) => ({
      edition_id: editionId,
      soc2010: l.soc2010,
      soc2020: l.soc2020,
      soc2020_title: l.soc2020Title,
      ...toColumns(l.shares),
    })),
  );
  return bases + links;
}

/** The SOC 2010 unit groups some of whose records are coded to `soc2020`, with their records and the shares that went there. */
export async function soc2010GroupsInto(db: DbOrTx, editionId: string, soc2020: string): Promise<Soc2010Link[]> {
  return (await soc2010Links(db, editionId, soc2020)).get(soc2020) ?? [];
}

/** For every SOC 2020 unit group of the table, the SOC 2010 unit groups whose records are coded to it (as `soc2010GroupsInto`). */
export async function soc2010GroupsIntoEach(db: DbOrTx, editionId: string): Promise<Map<string, Soc2010Link[]>> {
  return soc2010Links(db, editionId, null);
}

export interface Soc2010Link {
  base: Soc2010Base;
  link: SocCrosswalkLink;
}

async function soc2010Links(
  db: DbOrTx,
  editionId: string,
  soc2020: string | null,
): Promise<Map<string, Soc2010Link[]>> {
  let query = db
    .selectFrom('soc_crosswalk_links as l')
    .innerJoin('soc2010_bases as b', (join) =>
      join.onRef('b.edition_id', '=', 'l.edition_id').onRef('b.soc2010', '=', 'l.soc2010'),
    )
    .select([
      'l.soc2010',
      'l.soc2020',
      'l.soc2020_title',
      'l.men_lfs',
      'l.men_census',
      'l.women_lfs',
      'l.women_census',
      'b.title',
      'b.men_lfs as base_men_lfs',
      'b.men_census as base_men_census',
      'b.women_lfs as base_women_lfs',
      'b.women_census as base_women_census',
    ])
    .where('l.edition_id', '=', editionId);
  if (soc2020 !== null) query = query.where('l.soc2020', '=', soc2020);
  const byUnitGroup = new Map<string, Soc2010Link[]>();
  for (const r of await query.orderBy('l.soc2020').orderBy('l.soc2010').execute()) {
    const links = byUnitGroup.get(r.soc2020) ?? [];
    links.push({
      base: {
        soc2010: r.soc2010,
        title: r.title,
        records: fromColumns({
          men_lfs: r.base_men_lfs,
          men_census: r.base_men_census,
          women_lfs: r.base_women_lfs,
          women_census: r.base_women_census,
        }),
      },
      link: { soc2010: r.soc2010, soc2020: r.soc2020, soc2020Title: r.soc2020_title, shares: fromColumns(r) },
    });
    byUnitGroup.set(r.soc2020, links);
  }
  return byUnitGroup;
}

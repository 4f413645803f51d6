import type { DbOrTx } from './schema.js';
import type { SourcesTable } from './tables/meta.js';

type SourceRow = SourcesTable;

/** Makes the sources table match the registry in code (the descriptors are the truth; only their table's columns are kept). */
export async function registerSources(db: DbOrTx, descriptors: readonly SourceRow[]): Promise<void> {
  for (const { key, name, publisher, licence, url, cadence, tier } of descriptors) {
    const source: SourceRow = { key, name, publisher, licence, url, cadence, tier };
    await db
      .insertInto('sources')
      .values(source)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          name: source.name,
          publisher: source.publisher,
          licence: source.licence,
          url: source.url,
          cadence: source.cadence,
          tier: source.tier,
        }),
      )
      .execute();
  }
}

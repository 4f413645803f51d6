import type { DbOrTx, SourcesTable } from './schema.js';

export type SourceRow = SourcesTable;

/** Makes the sources table match the registry in code (the descriptors are the truth). */
export async function registerSources(db: DbOrTx, sources: SourceRow[]): Promise<void> {
  for (const source of sources) {
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

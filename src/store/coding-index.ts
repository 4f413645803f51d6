import type { CodingIndex, CodingIndexRecord } from '../domain/soc.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';
import type { CodingIndexAbbreviationsTable, CodingIndexEntriesTable } from './tables/occupations.js';

export async function insertCodingIndex(db: DbOrTx, editionId: string, index: CodingIndex): Promise<number> {
  const entries: CodingIndexEntriesTable[] = index.records.map((r) => ({
    edition_id: editionId,
    record_number: r.recordNumber,
    unique_id: r.uniqueId,
    default_flag: r.defaultFlag,
    soc2020: r.soc2020,
    soc2020_ext: r.soc2020Extended,
    indexed_title: r.indexedTitle,
    natural_title: r.naturalTitle,
    add_qualifier: r.add,
    ind_qualifier: r.ind,
    qualifier: r.qualifier,
    see: r.see,
    isco08: r.isco08,
  }));
  const abbreviations: CodingIndexAbbreviationsTable[] = index.abbreviations.map((a, position) => ({
    edition_id: editionId,
    position,
    abbreviation: a.abbreviation,
    meaning: a.meaning,
    frequent: a.frequent ? 1 : 0,
  }));
  return (
    (await insertInBatches(db, 'coding_index_entries', entries)) +
    (await insertInBatches(db, 'coding_index_abbreviations', abbreviations))
  );
}

function toRecord(row: Omit<CodingIndexEntriesTable, 'edition_id'>): CodingIndexRecord {
  return {
    uniqueId: row.unique_id,
    recordNumber: Number(row.record_number),
    defaultFlag: row.default_flag,
    soc2020: row.soc2020,
    soc2020Extended: row.soc2020_ext,
    indexedTitle: row.indexed_title,
    naturalTitle: row.natural_title,
    add: row.add_qualifier,
    ind: row.ind_qualifier,
    see: row.see,
    isco08: row.isco08,
    qualifier: row.qualifier,
  };
}

const ENTRY_COLUMNS = [
  'record_number',
  'unique_id',
  'default_flag',
  'soc2020',
  'soc2020_ext',
  'indexed_title',
  'natural_title',
  'add_qualifier',
  'ind_qualifier',
  'qualifier',
  'see',
  'isco08',
] as const;

/** The whole index of an edition, in the publisher's record order (what the search index is built from). */
export async function loadCodingIndex(db: DbOrTx, editionId: string): Promise<CodingIndex> {
  const [rows, abbreviations] = await Promise.all([
    db
      .selectFrom('coding_index_entries')
      .select(ENTRY_COLUMNS)
      .where('edition_id', '=', editionId)
      .orderBy('record_number')
      .execute(),
    db
      .selectFrom('coding_index_abbreviations')
      .select(['abbreviation', 'meaning', 'frequent'])
      .where('edition_id', '=', editionId)
      .orderBy('position')
      .execute(),
  ]);
  return {
    records: rows.map(toRecord),
    abbreviations: abbreviations.map((a) => ({
      abbreviation: a.abbreviation,
      meaning: a.meaning,
      frequent: Number(a.frequent) === 1,
    })),
  };
}

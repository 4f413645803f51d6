/** The change feed's entries: one per edition settled, written in the transaction that settled it. */
export interface ChangesTables {
  edition_changes: EditionChangesTable;
}

export interface EditionChangesTable {
  edition_id: string;
  source_key: string;
  /** published | quarantined */
  kind: string;
  /** When it was published or held back (ISO 8601). */
  settled_at: string;
  /** The edition of the same series that this one superseded, if any. */
  superseded_id: string | null;
  /** The edition the diff compares with: the source's most recently published one before it. */
  previous_id: string | null;
  /** JSON `EditionDiff` of a published edition against the source's previous one; null for a quarantined one. */
  diff: string | null;
  /** The entry's text in plain words, written once with it. */
  summary: string;
}

/** Reading bulk files back in the tests: JSON Lines into records, JSON records into the CSV's cells. */

export type Json = Record<string, unknown>;

/** JSON Lines: the provenance line, then the rows. */
export function jsonLines(body: string): { provenance: Json; rows: Json[] } {
  const [first, ...rest] = body.trimEnd().split('\n');
  return {
    provenance: (JSON.parse(first!) as { provenance: Json }).provenance,
    rows: rest.map((l) => JSON.parse(l) as Json),
  };
}

/** A record's fields as CSV cells: nested objects dotted, null empty, the rest as text. */
export function cells(record: Json, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).flatMap(([k, v]) =>
      v !== null && typeof v === 'object'
        ? Object.entries(cells(v as Json, `${prefix}${k}.`))
        : [[`${prefix}${k}`, v === null ? '' : String(v as string | number | boolean)]],
    ),
  );
}

/**
 * A record's cells under a CSV header of dotted paths, as a reader would check them by hand: the
 * value at each path as text, a list or object as its JSON, null or absent empty.
 */
export function cellsUnder(header: readonly string[], record: Json): Record<string, string> {
  return Object.fromEntries(
    header.map((column) => {
      let value: unknown = record;
      for (const name of column.split('.')) value = value == null ? undefined : (value as Json)[name];
      if (value == null) return [column, ''];
      // Numbers and booleans print as JSON does; strings as themselves.
      return [column, typeof value === 'string' ? value : JSON.stringify(value)];
    }),
  );
}

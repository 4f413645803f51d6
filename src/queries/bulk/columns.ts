import type { BulkRecord } from '../../domain/bulk.js';

type BulkScalar = string | number | boolean | null;

/** A JSON Schema node, as far as the CSV columns need it. */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
}

/**
 * A record schema's CSV columns, each a path of field names: objects (nullable or not) are
 * walked into (`area.slug`), anything else (scalars, lists, unions of shapes) is one column. Taken
 * from the response schema, so every row of a file has the same columns, whichever of its
 * nullable objects are null.
 */
export function columnsOf(schema: SchemaNode, omit: readonly string[] = [], prefix: string[] = []): string[][] {
  const objects = (schema.anyOf ?? [schema]).filter((s) => s.type !== 'null');
  const object = objects.length === 1 && objects[0]!.properties ? objects[0]!.properties : null;
  if (!object) return [prefix];
  return Object.entries(object)
    .filter(([name]) => !(prefix.length === 0 && omit.includes(name)))
    .flatMap(([name, node]) => columnsOf(node, [], [...prefix, name]));
}

/** A record's cells in those columns: null or absent is null, a list or object its JSON text. */
export function cellsAt(record: BulkRecord, columns: readonly string[][]): BulkScalar[] {
  return columns.map((path) => {
    let value: unknown = record;
    for (const name of path)
      value = value === null || value === undefined ? null : (value as Record<string, unknown>)[name];
    if (value === undefined || value === null) return null;
    return typeof value === 'object' ? JSON.stringify(value) : (value as BulkScalar);
  });
}

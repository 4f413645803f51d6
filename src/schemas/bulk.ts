import { Type, type Static } from 'typebox';
import { BULK_FORMATS } from '../domain/bulk.js';
import { DateTime, Nullable, StringEnum } from './shared.js';

const BulkEditionSchema = Type.Object({
  id: Type.String({ description: 'The edition id (as /v1/meta/editions lists it)' }),
  label: Type.String(),
  status: StringEnum(['published', 'superseded'] as const, {
    description: '`published`: the current release of its series; `superseded`: an earlier one, still downloadable',
  }),
  published: Nullable(DateTime),
  rows: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "Rows of figures the edition holds: the file's rows, less its header or provenance line. Counted in the database for tables kept by edition; for per-occupation responses (`note` says which), known once a file of the edition has been generated whole, null before",
  }),
  bytes: Type.Object(
    {
      csv: Nullable(Type.Integer()),
      jsonl: Nullable(Type.Integer()),
      parquet: Nullable(Type.Integer()),
    },
    {
      description:
        'Size of each file, uncompressed: known once the file has been generated whole (files are streamed from the database, chunked, so not before); remembered by the serving process until the edition or a release it is joined with changes',
    },
  ),
  csv: Type.String(),
  jsonl: Type.String(),
  parquet: Type.String({
    description: "The CSV's columns and names as Parquet, each typed (INT32, DOUBLE, BOOLEAN or STRING), nulls kept",
  }),
});

export const BulkSourceSchema = Type.Object({
  source: Type.String({ description: 'The source key (as /v1/meta/sources lists it)' }),
  name: Type.String(),
  available: Type.Boolean({
    description: 'Whether the source has bulk files; false: its figures are served through its endpoints only',
  }),
  note: Type.String({ description: 'Which JSON response the rows match, or why there are no files' }),
  editions: Type.Array(BulkEditionSchema, {
    description: 'Newest first; never a quarantined release (it has no rows)',
  }),
});
export type BulkSourceResponse = Static<typeof BulkSourceSchema>;

export const BulkListSchema = Type.Object(
  { sources: Type.Array(BulkSourceSchema) },
  { title: 'BulkList', description: 'Every source, with the editions that can be downloaded whole' },
);
export type BulkListResponse = Static<typeof BulkListSchema>;

export const BulkFileParamsSchema = Type.Object({
  source: Type.String({ description: 'A source key with bulk files (GET /v1/bulk lists them)', maxLength: 64 }),
  file: Type.String({
    description: `\`<edition>.<format>\`: an edition id from GET /v1/bulk, or \`latest\` for the source's current edition; the format one of ${BULK_FORMATS.join(', ')}`,
    maxLength: 80,
    examples: ['latest.csv', 'latest.jsonl', 'latest.parquet'],
  }),
});

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BULK_FORMATS, type BulkFormat } from '../../../domain/bulk.js';
import { invalidParameter } from '../../../domain/problems.js';
import { declaredError, declareResponses } from '../../../http/declared-responses.js';
import { sendBulkFile } from '../../../http/download.js';
import { BulkFileParamsSchema, BulkListSchema } from '../../../schemas/bulk.js';

const tags = ['Bulk downloads'];

/** `<edition>.<format>`, or the 400 listing the formats. */
export function parseFile(file: string): { edition: string; format: BulkFormat } {
  const dot = file.lastIndexOf('.');
  const format = dot === -1 ? '' : file.slice(dot + 1);
  if (dot <= 0 || !(BULK_FORMATS as readonly string[]).includes(format))
    throw invalidParameter('format', `"${file}" does not end in a format`, BULK_FORMATS);
  return { edition: file.slice(0, dot), format: format as BulkFormat };
}

export const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { bulk, bulkFiles, downloadSlots } = app.services;

  app.get(
    '/',
    {
      schema: {
        tags,
        operationId: 'listBulkFiles',
        summary: 'What can be downloaded whole: each source and its editions',
        response: declareResponses(
          { schema: BulkListSchema, description: 'Every source, its downloadable editions and their files' },
          [401, 429],
        ),
      },
    },
    async () => bulk.list(),
  );

  app.get(
    '/:source/:file',
    {
      schema: {
        tags,
        operationId: 'getBulkFile',
        summary: 'Every row of one edition of a source, as CSV, JSON Lines or Parquet',
        description:
          "Streams every row the service serves from the edition, with the field names, codes (SOC 2020) and null rules of the JSON response it matches (`quality` and `presentable` where it has them). CSV (RFC 4180, UTF-8, CRLF): a header row, then a row each; nested fields are dotted columns (`area.slug`); null is an empty cell. The CSV has no comment or provenance line, since a line before the header breaks spreadsheet and data-frame readers: its release, licence and attribution are in the `LMI-Provenance` header and in GET /v1/bulk. JSON Lines: the first line is `{\"provenance\": {...}}`, then one row object a line. Parquet: the CSV's columns and names, each typed from its values (INT32 for whole numbers, DOUBLE, BOOLEAN, STRING; lists as JSON text), null kept; the provenance is the file's `lmi.provenance` key-value metadata. Strong ETag from the edition's content hash (If-None-Match gives 304); gzip with `Accept-Encoding: gzip`; chunked. Each file is built once (in a worker thread, the first time it is asked for) and then sent from the server's disk. Counted as one request against the key's limit, however large; a key may download a few files at once (429 beyond, and 503 when the server sends its most at once, both with `Retry-After`).",
        params: BulkFileParamsSchema,
        response: {
          200: {
            description: 'The file, streamed (chunked)',
            headers: {
              ETag: { type: 'string', description: "Strong validator from the edition's content hash" },
              'LMI-Provenance': {
                type: 'string',
                description:
                  'JSON (non-ASCII escaped): source, name, publisher, licence, attribution, url and the edition (id, label, status, published, sha256)',
              },
            },
            content: {
              'text/csv': { schema: Type.String() },
              'application/jsonl': { schema: Type.String() },
              'application/vnd.apache.parquet': { schema: Type.String({ contentEncoding: 'binary' }) },
            },
          },
          400: declaredError(400),
          401: declaredError(401),
          404: declaredError(404),
          429: {
            ...declaredError(429),
            description:
              'Rate limit reached, or this key is already downloading as many bulk files at once as a key may (`LMI_BULK_DOWNLOADS_PER_KEY`, 2 by default); `Retry-After` gives the seconds to wait',
          },
          503: {
            ...declaredError(503),
            description:
              'This server is sending as many bulk files at once as it sends (`LMI_BULK_DOWNLOADS`, 32 by default), or the file was replaced by a newer release while it was asked for; `Retry-After` gives the seconds to wait',
          },
        },
      },
    },
    async (request, reply) => {
      const { edition, format } = parseFile(request.params.file);
      const file = await bulk.file(request.params.source, edition, format);
      return sendBulkFile(request, reply, file, bulkFiles, downloadSlots);
    },
  );
};

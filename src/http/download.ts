import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { asciiJson, BULK_CONTENT_TYPES, csvLine, flatten, type BulkFormat } from '../domain/bulk.js';
import { cellsAt } from '../queries/bulk/columns.js';
import type { BulkFile } from '../queries/bulk/index.js';

/** Whether the client takes gzip (RFC 9110 Accept-Encoding; `gzip;q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

/**
 * The file's lines, one page of rows at a time: JSON Lines opens with the provenance record, CSV
 * with its header row. A page is read only when the one before has been taken by the stream,
 * which takes it only when the socket drains: memory holds a page, whatever the file's size.
 */
async function* lines(file: BulkFile, format: BulkFormat): AsyncGenerator<string> {
  let rows = 0;
  let bytes = 0;
  const sent = (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    return chunk;
  };
  if (format === 'jsonl') yield sent(`${JSON.stringify({ provenance: file.provenance })}\n`);
  const { columns } = file;
  if (format === 'csv' && columns) yield sent(csvLine(columns.map((path) => path.join('.'))));
  let header = columns !== undefined;
  for await (const page of file.records) {
    let chunk = '';
    for (const record of page) {
      rows += 1;
      if (format === 'jsonl') {
        chunk += `${JSON.stringify(record)}\n`;
        continue;
      }
      if (columns) {
        chunk += csvLine(cellsAt(record, columns));
        continue;
      }
      const cells = flatten(record);
      if (!header) {
        chunk += csvLine(cells.map(([name]) => name));
        header = true;
      }
      chunk += csvLine(cells.map(([, value]) => value));
    }
    if (chunk) yield sent(chunk);
  }
  // Reached only when every row was read and taken: a file cut short tells nothing of its size.
  file.generated({ format, rows, bytes });
}

/**
 * Sends a bulk file: a strong ETag per representation (the edition's content hash; `-gzip` for
 * the compressed one) and 304 on a match, the provenance in `LMI-Provenance` (JSON, ASCII) and, for
 * JSON Lines, as its first line; gzip when asked; chunked, since the size is not known before the
 * rows are read.
 */
export async function sendBulkFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BulkFile,
  format: BulkFormat,
): Promise<FastifyReply> {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  const etag = gzip ? `${file.etag.slice(0, -1)}-gzip"` : file.etag;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=300')
    .header('vary', 'X-API-Key, Accept-Encoding')
    .header('lmi-provenance', asciiJson(file.provenance));
  if (matches(request.headers['if-none-match'], etag)) {
    await file.records.return(undefined);
    return reply.code(304).send();
  }
  reply
    .header('content-type', BULK_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${file.filename}"`);
  const body = Readable.from(lines(file, format), { objectMode: false });
  if (!gzip) return reply.send(body);
  const gzipped = createGzip();
  pipeline(body, gzipped).catch((error: unknown) => request.log.warn({ err: error }, 'bulk download ended early'));
  return reply.header('content-encoding', 'gzip').send(gzipped);
}

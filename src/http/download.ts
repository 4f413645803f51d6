import { open } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { asciiJson, BULK_CONTENT_TYPES } from '../domain/bulk.js';
import { Problem } from '../domain/problems.js';
import type { BulkFileCache } from '../queries/bulk/file-cache.js';
import type { BulkFile } from '../queries/bulk/index.js';
import type { DownloadSlots } from './download-slots.js';

/** What a download reads ahead of the socket: all a stalled reader holds, besides the kernel's buffers. */
const READ_AHEAD_BYTES = 64 * 1024;

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
 * Sends a bulk file: a strong ETag per representation (the edition's content hash; `-gzip` for
 * the compressed one) and 304 on a match, the provenance in `LMI-Provenance` (JSON, ASCII) and, for
 * JSON Lines, as its first line; gzip when asked. The file is read from this replica's disk (built
 * once, in a worker thread, the first time it is asked for) and streamed with back-pressure:
 * however slowly the client reads, the download holds a slot, a file descriptor and a read-ahead
 * buffer, never the file.
 */
export async function sendBulkFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BulkFile,
  cache: BulkFileCache,
  slots: DownloadSlots,
): Promise<FastifyReply> {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  const etag = gzip ? `${file.etag.slice(0, -1)}-gzip"` : file.etag;
  reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=300')
    .header('vary', 'X-API-Key, Accept-Encoding')
    .header('lmi-provenance', asciiJson(file.provenance));
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  slots.take(request, reply);
  const built = await cache.ready(file);
  file.generated({ format: file.format, rows: built.rows, bytes: built.bytes });
  // Opened before the answer starts: a file pruned meanwhile (a release published since) is a 503 to retry, not a cut body.
  const handle = await open(gzip ? built.gzip : built.plain).catch(() => {
    throw new Problem('not-ready', `${file.filename} was replaced by a newer release's; ask again.`, { retryAfter: 1 });
  });
  reply
    .header('content-type', BULK_CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.filename}"`);
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(handle.createReadStream({ highWaterMark: READ_AHEAD_BYTES }));
}

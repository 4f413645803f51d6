import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { Inflate } from 'fflate';
import { mebibytes } from '../../domain/numbers.js';
import { activeReadLimits } from '../read-limits.js';

/**
 * Every inflate of upstream bytes goes through here, bounded by `maxOutputLength`: a gzip or zip
 * bomb fails with an error naming the limit instead of exhausting memory.
 */
export class InflateLimitError extends Error {
  override name = 'InflateLimitError';
}

function bounded<T>(what: string, limit: number, inflate: () => T): T {
  try {
    return inflate();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new InflateLimitError(`${what} unpacks to more than ${mebibytes(limit)}, the limit for this source`);
    }
    throw new Error(`${what} cannot be unpacked: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The bytes as published, or inflated (within the source's limit) when they are gzip. */
export function maybeGunzip(bytes: Uint8Array, what: string): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  const limit = activeReadLimits().maxInflatedBytes;
  return new Uint8Array(bounded(what, limit, () => gunzipSync(bytes, { maxOutputLength: limit })));
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/**
 * The entries of a zip whose names `wanted` accepts, inflated, together at most the source's
 * `maxInflatedBytes` (a lying size in the directory does not matter: the inflate itself is
 * bounded). Reads the central directory; refuses zip64, encryption and methods other than
 * stored and deflate, which no publisher's file here uses.
 */
export function unzipBounded(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  what: string,
): Map<string, Uint8Array> {
  let budget = activeReadLimits().maxInflatedBytes;
  const zip = openZip(bytes, what);
  const out = new Map<string, Uint8Array>();
  for (const name of zip.names.filter(wanted)) {
    const content = zip.inflate(name, budget);
    budget -= content.length;
    out.set(name, content);
  }
  return out;
}

/** A zip's file entries by name, each inflated only when asked for. */
interface ZipReader {
  names: string[];
  /** The entry inflated, at most `limit` bytes (the source's `maxInflatedBytes` by default). */
  inflate(name: string, limit?: number): Uint8Array;
}

/**
 * Reads a zip's directory only: a release of many large entries (ASHE Table 15's workbooks) is
 * then inflated one entry at a time, each within the limit, never all at once.
 */
export function openZip(bytes: Uint8Array, what: string): ZipReader {
  const entries = new Map(
    zipDirectory(bytes, what)
      .filter((entry) => !entry.name.endsWith('/'))
      .map((entry) => [entry.name, entry]),
  );
  return {
    names: [...entries.keys()],
    inflate(name, limit = activeReadLimits().maxInflatedBytes) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`${what} has no entry ${name}`);
      const data = entryData(bytes, entry, what);
      return entry.method === 0
        ? bounded(`${what}, ${entry.name}`, limit, () => {
            if (data.length > limit) throw new RangeError('too large');
            return data;
          })
        : bounded(
            `${what}, ${entry.name}`,
            limit,
            () => new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, limit) })),
          );
    },
  };
}

/** The names of a zip's file entries (folders left out), in the order of its directory. */
export function zipEntryNames(bytes: Uint8Array, what: string): string[] {
  return zipDirectory(bytes, what)
    .map((e) => e.name)
    .filter((name) => !name.endsWith('/'));
}

/** How much of an entry `zipEntryHead` inflates at most: a header row, never the whole file. */
const HEAD_COMPRESSED_BYTES = 64 * 1024;
const HEAD_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The first bytes of one zip entry, inflated from at most its first 64 KiB of compressed data
 * (a few hundred KiB of text, capped at 8 MiB): enough to read a CSV's header row and choose the
 * entry by its columns without unpacking every entry of a large release.
 */
export function zipEntryHead(bytes: Uint8Array, name: string, what: string): Uint8Array {
  const entry = zipDirectory(bytes, what).find((e) => e.name === name);
  if (!entry) throw new Error(`${what}: no entry ${name}`);
  const data = entryData(bytes, entry, what).subarray(0, HEAD_COMPRESSED_BYTES);
  if (entry.method === 0) return data;
  return new Uint8Array(
    bounded(`${what}, ${name}`, HEAD_MAX_BYTES, () =>
      inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: HEAD_MAX_BYTES }),
    ),
  );
}

/** The compressed bytes of an entry, found through its local header. */
function entryData(bytes: Uint8Array, entry: ZipEntry, what: string): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50)
    throw new Error(`${what}: the entry ${entry.name} is not where the zip's directory says`);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize)
    throw new Error(`${what}: the entry ${entry.name} is cut short (a truncated zip)`);
  return data;
}

const STREAM_CHUNK = 256 * 1024;

/**
 * Inflates one entry of a zip a chunk at a time, handing each inflated chunk to `onChunk`, which
 * returns false to stop early: an entry far larger than memory (a worksheet of millions of cells)
 * is read without ever being held whole. At most the source's `maxInflatedBytes` is inflated.
 */
export function streamZipEntry(
  bytes: Uint8Array,
  name: string,
  what: string,
  onChunk: (chunk: Uint8Array) => boolean,
): void {
  const entry = zipDirectory(bytes, what).find((e) => e.name === name);
  if (!entry) throw new Error(`${what} has no entry ${name}`);
  const data = entryData(bytes, entry, what);
  const limit = activeReadLimits().maxInflatedBytes;
  let inflated = 0;
  let reading = true;
  // What the reader of the chunks threw (its own error, not the inflate's), raised once the inflate stops.
  const failed: { error?: Error } = {};
  const take = (chunk: Uint8Array) => {
    if (!reading) return;
    inflated += chunk.length;
    try {
      if (inflated > limit)
        throw new InflateLimitError(
          `${what}, ${name} unpacks to more than ${mebibytes(limit)}, the limit for this source`,
        );
      reading = onChunk(chunk);
    } catch (error) {
      failed.error = error instanceof Error ? error : new Error(String(error));
      reading = false;
    }
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.length && reading; at += STREAM_CHUNK) take(data.subarray(at, at + STREAM_CHUNK));
  } else {
    const inflate = new Inflate((chunk) => take(chunk));
    try {
      for (let at = 0; at < data.length && reading; at += STREAM_CHUNK) {
        const end = Math.min(at + STREAM_CHUNK, data.length);
        inflate.push(data.subarray(at, end), end === data.length);
      }
    } catch (error) {
      throw new Error(`${what}, ${name} cannot be unpacked: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed.error) throw failed.error;
}

/** Inflates every entry of a zip-based file (an .xlsx) within the limit, and throws if it will not fit: run before a library that inflates without bounds. */
export function assertZipWithinLimit(bytes: Uint8Array, what: string): void {
  unzipBounded(bytes, () => true, what);
}

function zipDirectory(bytes: Uint8Array, what: string): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${what} is not a readable zip: no end of central directory (a truncated file?)`);
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new Error(`${what}: zip64 archives are not read`);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
      throw new Error(`${what} is not a readable zip: its central directory is damaged`);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) throw new Error(`${what}: the entry ${name} is encrypted`);
    if (method !== 0 && method !== 8) throw new Error(`${what}: the entry ${name} uses compression method ${method}`);
    entries.push({
      name,
      method,
      compressedSize: view.getUint32(at + 20, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

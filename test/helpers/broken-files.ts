import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { unzipSync, zipSync } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import { upstreamPath } from './upstream.js';

/**
 * Broken copies of the real upstream files, one class of damage each, for the fault-injection
 * tests: what an unlucky release or a hostile file looks like.
 */

export function realFile(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(upstreamPath(relative)));
}

/** The first half of the file's bytes (a download cut short). */
export function truncated(relative: string): Uint8Array {
  const bytes = realFile(relative);
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

/** The header and the first half of the lines of a text file (rows missing). */
export function halfTheRows(relative: string): Uint8Array {
  const lines = Buffer.from(realFile(relative)).toString('utf8').split('\n');
  return new Uint8Array(Buffer.from(lines.slice(0, Math.ceil(lines.length / 2)).join('\n'), 'utf8'));
}

/** The text re-encoded as Latin-1 (what a spreadsheet program's "Save as CSV" does). */
export function reencodedLatin1(relative: string): Uint8Array {
  return new Uint8Array(Buffer.from(Buffer.from(realFile(relative)).toString('utf8'), 'latin1'));
}

/** A CSV with the named columns multiplied by `factor` (a unit change upstream), otherwise as published. */
export function rescaledCsv(relative: string, columns: string[], factor: number): Uint8Array {
  const rows: string[][] = parse(Buffer.from(realFile(relative)), { bom: true });
  const header = rows[0]!;
  const indexes = columns.map((c) => header.indexOf(c));
  if (indexes.includes(-1)) throw new Error(`${relative} has no column ${columns.join(', ')}`);
  const scaled = rows.map((row, r) =>
    r === 0
      ? row
      : row.map((cell, i) =>
          indexes.includes(i) && /^-?\d+(\.\d+)?$/.test(cell) ? String(Number(cell) * factor) : cell,
        ),
  );
  const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return new Uint8Array(Buffer.from(scaled.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n', 'utf8'));
}

/** The workbook with a sheet renamed (the publisher's layout changed under the parser). */
export function renamedSheet(relative: string, from: string, to: string): Uint8Array {
  const workbook = readWorkbookSync(realFile(relative));
  const book = XLSX.utils.book_new();
  for (const name of workbook.sheetNames)
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(workbook.sheets[name] ?? []), name === from ? to : name);
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

/** The zip with a comment added at its end: the same entries, new bytes. */
export function withZipComment(zip: Uint8Array, comment: string): Uint8Array {
  const bytes = Buffer.from(zip);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const text = Buffer.from(comment, 'utf8');
  bytes.writeUInt16LE(text.length, end + 20);
  return new Uint8Array(Buffer.concat([bytes.subarray(0, end + 22), text]));
}

/** A gzip file that inflates to `size` zero bytes. */
export function gzipBomb(size: number): Uint8Array {
  return new Uint8Array(gzipSync(Buffer.alloc(size), { level: 1 }));
}

/**
 * The real release zip with one entry (the first whose name ends with `suffix`) replaced by `size`
 * zero bytes, its local header and directory both claiming 100 bytes: every other workbook is there,
 * so a reader that checks the release's parts before it inflates them still meets the bomb.
 */
export function zipBombAmong(relative: string, suffix: string, size: number): Uint8Array {
  const entries = unzipSync(realFile(relative));
  const name = Object.keys(entries).find((n) => n.endsWith(suffix));
  if (!name) throw new Error(`${relative} has no entry ending ${suffix}`);
  entries[name] = new Uint8Array(size);
  const zip = Buffer.from(zipSync(entries, { level: 1 }));
  const fileName = Buffer.from(name, 'utf8');
  for (let at = zip.indexOf(fileName); at >= 0; at = zip.indexOf(fileName, at + 1)) {
    if (zip.readUInt32LE(at - 30) === 0x04034b50) zip.writeUInt32LE(100, at - 30 + 22);
    else if (zip.readUInt32LE(at - 46) === 0x02014b50) zip.writeUInt32LE(100, at - 46 + 24);
  }
  return new Uint8Array(zip);
}

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { readWorkbookSync, type SheetRows, type Workbook } from '../../src/ingest/formats/workbook.js';

/** The real publishers' files, beside the repository (never copied into it). */
export const UPSTREAM_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'shared',
  'upstream',
);

export const VOLUME2_FILE = 'soc2020/soc2020volume2thecodingindexexcel16042025.xlsx';

export function upstreamPath(relative: string): string {
  return path.join(UPSTREAM_DIR, relative);
}

/** A temporary mirror folder; files are copied from the real mirror or written by the test. */
export function makeMirror(): {
  root: string;
  copy(relative: string): void;
  write(relative: string, bytes: Uint8Array): void;
} {
  const root = mkdtempSync(path.join(tmpdir(), 'lmi-mirror-'));
  const ensure = (relative: string) => mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  return {
    root,
    copy(relative) {
      ensure(relative);
      copyFileSync(upstreamPath(relative), path.join(root, relative));
    },
    write(relative, bytes) {
      ensure(relative);
      writeFileSync(path.join(root, relative), bytes);
    },
  };
}

const volume2Reads = new Map<string, Workbook>();

/**
 * The real Volume 2 workbook with some sheets changed, written back as .xlsx in the publisher's
 * layout: how tests make a revised release or a broken one from the real file.
 */
export function alteredVolume2(
  change: (sheets: Record<string, SheetRows>) => void,
  sheetNames = ['Information', 'SOC2020 framework'],
): Uint8Array {
  const key = sheetNames.join('\n');
  if (!volume2Reads.has(key))
    volume2Reads.set(
      key,
      readWorkbookSync(new Uint8Array(readFileSync(upstreamPath(VOLUME2_FILE))), { sheets: sheetNames }),
    );
  const workbook = structuredClone(volume2Reads.get(key)!);
  change(workbook.sheets);
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(workbook.sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

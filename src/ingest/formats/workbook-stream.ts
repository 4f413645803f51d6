import { Parser } from 'htmlparser2';
import { rejectReplacementCharacters } from '../checks/strict-text.js';
import { isZip, streamZipEntry, unzipBounded, zipEntryNames } from './inflate.js';
import type { Cell } from './workbook.js';

/**
 * Reads an .xlsx sheet by sheet and row by row without holding a sheet whole: each worksheet's
 * XML is inflated a chunk at a time (inflate.ts, bounded) and tokenised as it comes (htmlparser2 in
 * XML mode), and each row is handed to the caller, which keeps only what it needs. For workbooks too
 * large for `readWorkbook` (SheetJS holds every cell of a sheet as an object: an 85 MB workbook of
 * nine million cells needs gigabytes). Synchronous and CPU-bound: run it in the parse worker.
 */

/** Reads one sheet's rows in order (1-based row numbers, cells from column A); returns false to stop reading the sheet. */
export type RowReader = (row: Cell[], rowNumber: number) => boolean;

const MAIN = 'xl/workbook.xml';
const RELS = 'xl/_rels/workbook.xml.rels';
const SHARED = 'xl/sharedStrings.xml';

/** The sheets of the workbook in its order, each with its part's path in the zip. */
function sheetParts(parts: Map<string, Uint8Array>, what: string): { name: string; part: string }[] {
  const workbook = parts.get(MAIN);
  const rels = parts.get(RELS);
  if (!workbook || !rels) throw new Error(`${what} is not an .xlsx workbook (no ${MAIN} or ${RELS})`);
  const targets = new Map<string, string>();
  parseXml(rels, {
    onopentag(name, attributes) {
      if (localName(name) === 'Relationship' && attributes.Id && attributes.Target)
        targets.set(attributes.Id, attributes.Target);
    },
  });
  const sheets: { name: string; part: string }[] = [];
  parseXml(workbook, {
    onopentag(name, attributes) {
      if (localName(name) !== 'sheet') return;
      const id = Object.entries(attributes).find(([key]) => localName(key) === 'id' && key !== 'sheetId')?.[1];
      const target = id ? targets.get(id) : undefined;
      if (!attributes.name || !target) throw new Error(`${what}: the sheet ${attributes.name ?? '?'} has no part`);
      // Targets are relative to xl/ unless absolute.
      sheets.push({ name: attributes.name, part: target.startsWith('/') ? target.slice(1) : `xl/${target}` });
    },
  });
  return sheets;
}

/** The shared strings table: each `<si>`'s text (the `<t>` of its runs joined, phonetic runs left out). */
function sharedStrings(bytes: Uint8Array | undefined): string[] {
  if (!bytes) return [];
  const strings: string[] = [];
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  parseXml(bytes, {
    onopentag(name) {
      const tag = localName(name);
      if (tag === 'si') current = [];
      else if (tag === 'rPh') phonetic++;
      else if (tag === 't' && phonetic === 0) inText = true;
    },
    ontext(text) {
      if (inText && current) current.push(text);
    },
    onclosetag(name) {
      const tag = localName(name);
      if (tag === 't') inText = false;
      else if (tag === 'rPh') phonetic--;
      else if (tag === 'si' && current) {
        strings.push(current.join(''));
        current = null;
      }
    },
  });
  return strings;
}

interface XmlHandlers {
  onopentag?: (name: string, attributes: Record<string, string>) => void;
  ontext?: (text: string) => void;
  onclosetag?: (name: string) => void;
}

function parseXml(bytes: Uint8Array, handlers: XmlHandlers): void {
  const parser = new Parser(handlers, { xmlMode: true, decodeEntities: true });
  parser.write(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  parser.end();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** `AB12` -> 27 (0-based column of a cell reference). */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/** A cell's value from its type (`t`) and the text of its `<v>` (or inline `<t>`). */
function cellValue(type: string | undefined, text: string, strings: string[], where: () => string): Cell {
  switch (type) {
    case 's': {
      const value = strings[Number(text)];
      if (value === undefined) throw new Error(`${where()}: shared string ${text} does not exist`);
      return value;
    }
    case 'str':
    case 'inlineStr':
    case 'e':
      return text;
    case 'b':
      return text === '1';
    default: {
      if (text.trim() === '') return null;
      const number = Number(text);
      if (!Number.isFinite(number)) throw new Error(`${where()}: "${text}" is not a number`);
      return number;
    }
  }
}

/**
 * Streams the sheets of an .xlsx: `readerFor` is asked, sheet by sheet in the workbook's order,
 * for a reader of that sheet's rows (null: the sheet is not read at all). A sheet's rows come in
 * order, empty rows left out. Returns the workbook's sheet names.
 */
export function streamWorkbook(
  bytes: Uint8Array,
  what: string,
  readerFor: (sheet: string) => RowReader | null,
): string[] {
  if (!isZip(bytes)) throw new Error(`${what} is not an .xlsx workbook (not a zip)`);
  const names = new Set(zipEntryNames(bytes, what));
  const parts = unzipBounded(bytes, (name) => name === MAIN || name === RELS || name === SHARED, what);
  const strings = sharedStrings(parts.get(SHARED));
  strings.forEach((text, i) => rejectReplacementCharacters(text, `${what}, shared string ${i}`));
  const sheets = sheetParts(parts, what);
  for (const { name, part } of sheets) {
    const reader = readerFor(name);
    if (!reader) continue;
    if (!names.has(part)) throw new Error(`${what}: the sheet "${name}" has no part ${part}`);
    streamSheet(bytes, part, `${what}, sheet "${name}"`, strings, reader);
  }
  return sheets.map((s) => s.name);
}

function streamSheet(bytes: Uint8Array, part: string, what: string, strings: string[], reader: RowReader): void {
  let row: Cell[] = [];
  let rowNumber = 0;
  let column = 0;
  let type: string | undefined;
  let text: string[] | null = null;
  let reading = true;
  let cellText = '';
  const where = () => `${what}, row ${rowNumber}`;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        switch (localName(name)) {
          case 'row':
            rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
            row = [];
            column = 0;
            break;
          case 'c':
            column = attributes.r ? columnOf(attributes.r) : row.length;
            type = attributes.t;
            cellText = '';
            break;
          case 'v':
          case 't':
            text = [];
            break;
        }
      },
      ontext(chunk) {
        if (text) text.push(chunk);
      },
      onclosetag(name) {
        switch (localName(name)) {
          case 'v':
          case 't':
            cellText += (text ?? []).join('');
            text = null;
            break;
          case 'c': {
            const value = cellValue(type, cellText, strings, where);
            // Shared strings were checked once when read; text held in the cell is checked here.
            if (type !== 's' && typeof value === 'string' && value.includes('\uFFFD'))
              rejectReplacementCharacters(value, where());
            while (row.length < column) row.push(null);
            row[column] = value;
            break;
          }
          case 'row':
            if (reading && row.length > 0) reading = reader(row, rowNumber);
            break;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  const decoder = new TextDecoder('utf-8', { fatal: true });
  streamZipEntry(bytes, part, what, (chunk) => {
    parser.write(decoder.decode(chunk, { stream: true }));
    return reading;
  });
  if (reading) parser.end();
}

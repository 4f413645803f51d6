import type { Check } from '../../../../domain/editions.js';
import type { Abbreviation, CodingIndex, CodingIndexRecord } from '../../../../domain/soc.js';
import type { Cell, SheetRows, Workbook } from '../../../formats/workbook.js';

export const CODING_INDEX_SHEET = 'SOC2020 coding index';
export const ABBREVIATIONS_SHEET = 'Abbreviations';

/** The marker ONS writes in the code columns of a see-other-entry row. */
const SEE_OTHER_ENTRY = /^\}+(\/\}+)?$/;

const COLUMNS = {
  uniqueId: 'UNIQUE ID',
  recordNumber: 'RECNO',
  defaultFlag: 'D',
  soc2020: 'SOC_2020',
  soc2020Extended: 'SOC_2020_ext',
  indexedTitle: 'INDEXOCC',
  add: 'ADD',
  ind: 'IND',
  see: 'SEE',
  isco08: 'ISCO-08 code based on SOC2020',
  naturalTitle: 'INDEXOCC_-_natural_word_order',
} as const;

type ColumnKey = keyof typeof COLUMNS;

/** Parses the coding index and its abbreviations from the Volume 2 workbook. Throws when a sheet or column is missing. */
export function parseCodingIndex(workbook: Workbook): CodingIndex {
  return {
    records: parseRecords(requireSheet(workbook, CODING_INDEX_SHEET)),
    abbreviations: parseAbbreviations(requireSheet(workbook, ABBREVIATIONS_SHEET)),
  };
}

function requireSheet(workbook: Workbook, name: string): SheetRows {
  const rows = workbook.sheets[name];
  if (!rows)
    throw new Error(
      `SOC 2020 coding index: the workbook has no sheet "${name}" (sheets: ${workbook.sheetNames.join(', ')})`,
    );
  return rows;
}

function headerKey(cell: Cell): string {
  return text(cell)?.replace(/\s+/g, ' ').toLowerCase() ?? '';
}

function parseRecords(rows: SheetRows): CodingIndexRecord[] {
  // The header is the first row today; looking a few rows down tolerates a title row being added.
  const headerRow = rows
    .slice(0, 10)
    .findIndex((row) => row.some((cell) => headerKey(cell) === COLUMNS.uniqueId.toLowerCase()));
  if (headerRow < 0)
    throw new Error(
      `SOC 2020 coding index: sheet "${CODING_INDEX_SHEET}" has no header row with "${COLUMNS.uniqueId}"`,
    );
  const header = (rows[headerRow] ?? []).map(headerKey);
  const index = {} as Record<ColumnKey, number>;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(COLUMNS) as [ColumnKey, string][]) {
    const at = header.indexOf(name.toLowerCase());
    if (at < 0) missing.push(name);
    index[key] = at;
  }
  if (missing.length > 0) {
    throw new Error(
      `SOC 2020 coding index: sheet "${CODING_INDEX_SHEET}" is missing column(s) ${missing.map((name) => `"${name}"`).join(', ')}`,
    );
  }

  const records: CodingIndexRecord[] = [];
  for (const row of rows.slice(headerRow + 1)) {
    if (row.every((cell) => text(cell) === null)) continue;
    const cell = (key: ColumnKey): Cell => row[index[key]] ?? null;
    const add = text(cell('add'));
    const ind = text(cell('ind'));
    records.push({
      uniqueId: text(cell('uniqueId')) ?? '',
      recordNumber: toNumber(cell('recordNumber')),
      defaultFlag: text(cell('defaultFlag')),
      soc2020: fourDigitCode(cell('soc2020')),
      soc2020Extended: seeOtherAsNull(text(cell('soc2020Extended'))),
      indexedTitle: text(cell('indexedTitle')) ?? '',
      naturalTitle: text(cell('naturalTitle')) ?? '',
      add,
      ind,
      see: text(cell('see')),
      isco08: fourDigitCode(cell('isco08')),
      qualifier: add && ind ? `${add}; ${ind}` : (add ?? ind),
    });
  }
  return records;
}

function parseAbbreviations(rows: SheetRows): Abbreviation[] {
  // The list starts below a few lines of notes; its header row reads "Abbreviation | Meaning".
  const headerRow = rows.findIndex(
    (row) => headerKey(row[0] ?? null) === 'abbreviation' && headerKey(row[1] ?? null) === 'meaning',
  );
  if (headerRow < 0)
    throw new Error(`SOC 2020 coding index: sheet "${ABBREVIATIONS_SHEET}" has no "Abbreviation | Meaning" header row`);
  const abbreviations: Abbreviation[] = [];
  for (const row of rows.slice(headerRow + 1)) {
    const raw = text(row[0] ?? null);
    const meaning = text(row[1] ?? null);
    if (raw === null || meaning === null) continue;
    abbreviations.push({
      abbreviation: raw
        .replace(/\*/g, '')
        .replace(/\s*\/\s*/g, '/')
        .replace(/\s+/g, ' ')
        .trim(),
      meaning: meaning.replace(/\s+/g, ' '),
      frequent: raw.includes('*'),
    });
  }
  return abbreviations;
}

/** Trimmed text of a cell, or null when blank. */
function text(cell: Cell): string | null {
  if (cell === null) return null;
  const value = String(cell).trim();
  return value === '' ? null : value;
}

function toNumber(cell: Cell): number {
  return typeof cell === 'number' ? cell : Number.parseInt(text(cell) ?? '', 10);
}

function seeOtherAsNull(value: string | null): string | null {
  return value === null || SEE_OTHER_ENTRY.test(value) ? null : value;
}

/**
 * The workbook stores codes as numbers (2439, or 311 for a code with a leading zero), so they are
 * padded back to four digits. Anything else is kept as written for `checkCodingIndex` to report.
 */
function fourDigitCode(cell: Cell): string | null {
  if (typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell < 10_000)
    return String(cell).padStart(4, '0');
  const value = seeOtherAsNull(text(cell));
  if (value !== null && /^\d{1,4}$/.test(value)) return value.padStart(4, '0');
  return value;
}

const MIN_RECORDS = 30_000;
const UNIT_GROUPS = 412;
const DEFAULT_FLAGS = new Set(['O', 'I', 'A', 'Q', 'QS', 'M']);

/** Sanity checks on a parsed index; returns only the checks that warn or fail (none for the published file). */
export function checkCodingIndex(index: CodingIndex): Check[] {
  const problems: Check[] = [];
  const { records } = index;
  const examples = (values: string[]): string => values.slice(0, 5).join(', ') + (values.length > 5 ? ', …' : '');

  if (records.length < MIN_RECORDS) {
    problems.push({
      rule: `the coding index has at least ${MIN_RECORDS.toLocaleString('en-GB')} records`,
      status: 'fail',
      observed: `${records.length} records`,
    });
  }
  const badCodes = records
    .filter((r) => r.soc2020 !== null && !/^\d{4}$/.test(r.soc2020))
    .map((r) => `${r.uniqueId}: ${r.soc2020}`);
  if (badCodes.length > 0) {
    problems.push({
      rule: 'every SOC_2020 code is four digits or a see-other-entry marker',
      status: 'fail',
      observed: `${badCodes.length} records (${examples(badCodes)})`,
    });
  }
  const unitGroups = new Set(
    records.flatMap((r) => (r.soc2020 !== null && /^\d{4}$/.test(r.soc2020) ? [r.soc2020] : [])),
  );
  if (unitGroups.size < UNIT_GROUPS) {
    problems.push({
      rule: `all ${UNIT_GROUPS} unit groups occur in the index`,
      status: 'fail',
      observed: `${unitGroups.size} distinct unit groups`,
    });
  }
  const untitled = records.filter((r) => r.naturalTitle === '' || r.indexedTitle === '').map((r) => r.uniqueId);
  if (untitled.length > 0) {
    problems.push({
      rule: 'every record has an indexed and a natural-order title',
      status: 'fail',
      observed: `${untitled.length} records (${examples(untitled)})`,
    });
  }
  const badIsco = records
    .filter((r) => r.isco08 !== null && !/^\d{4}$/.test(r.isco08))
    .map((r) => `${r.uniqueId}: ${r.isco08}`);
  if (badIsco.length > 0) {
    problems.push({
      rule: 'every ISCO-08 code is four digits',
      status: 'warn',
      observed: `${badIsco.length} records (${examples(badIsco)})`,
    });
  }
  const unpointed = records.filter((r) => r.soc2020 === null && r.see === null).map((r) => r.uniqueId);
  if (unpointed.length > 0) {
    problems.push({
      rule: 'every see-other-entry record has a SEE note',
      status: 'warn',
      observed: `${unpointed.length} records (${examples(unpointed)})`,
    });
  }
  const unknownFlags = [
    ...new Set(
      records.flatMap((r) => (r.defaultFlag !== null && !DEFAULT_FLAGS.has(r.defaultFlag) ? [r.defaultFlag] : [])),
    ),
  ];
  if (unknownFlags.length > 0) {
    problems.push({
      rule: 'default-entry flags are O, I, A, Q, QS or M',
      status: 'warn',
      observed: unknownFlags.join(', '),
    });
  }
  const ids = new Set<string>();
  const duplicateIds = records
    .filter((r) => (ids.has(r.uniqueId) ? true : (ids.add(r.uniqueId), false)))
    .map((r) => r.uniqueId);
  if (duplicateIds.length > 0) {
    problems.push({
      rule: 'unique IDs are unique',
      status: 'warn',
      observed: `${duplicateIds.length} duplicates (${examples(duplicateIds)})`,
    });
  }
  if (index.abbreviations.length < 100) {
    problems.push({
      rule: 'the Abbreviations sheet lists at least 100 abbreviations',
      status: 'warn',
      observed: `${index.abbreviations.length} abbreviations`,
    });
  }
  return problems;
}

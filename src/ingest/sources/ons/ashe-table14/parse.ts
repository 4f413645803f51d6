import type { PayRow } from '../../../../store/ashe-pay.js';
import type { Workbook } from '../../../formats/workbook.js';
import { SEX_PATTERN_SHEETS, parseAsheSheet, readAsheTables, tableNumberOf, unzipAsheWorkbooks } from '../ashe-layout.js';
import type { PayMeasure } from '../../../../domain/pay.js';

export interface AsheTable14Release {
  year: number;
  provisional: boolean;
  /** Unit groups only: 11 measures x 9 sheets x 412 occupations in a complete release. */
  rows: PayRow[];
}

const DATA_SHEETS = SEX_PATTERN_SHEETS.map((s) => s.sheet);

/**
 * Reads an ASHE Table 14 zip: the 22 workbooks (14.1 to 14.11, `a` estimates and `b` CVs), the
 * nine data sheets of each. A missing workbook or sheet, a sheet whose title or header row is not
 * ONS's, or a cell that is neither a figure nor a suppression marker throws (quarantine).
 */
export async function parseAsheTable14(bytes: Uint8Array, release: { year: number; provisional: boolean }): Promise<AsheTable14Release> {
  const workbooks = unzipAsheWorkbooks(bytes, 14);
  const perMeasure = await readAsheTables(workbooks, 14, () => DATA_SHEETS, (measure, estimates, cvs) => measureRows(measure, estimates, cvs, release.year));
  return { ...release, rows: perMeasure.flat() };
}

function measureRows(measure: PayMeasure, estimates: Workbook, cvs: Workbook, year: number): PayRow[] {
  const table = tableNumberOf(measure);
  const rows: PayRow[] = [];
  for (const { sheet, sex, pattern } of SEX_PATTERN_SHEETS) {
    const estimateRows = estimates.sheets[sheet];
    const cvRows = cvs.sheets[sheet];
    if (!estimateRows) throw new Error(`Table 14.${table}a has no "${sheet}" sheet (it has ${estimates.sheetNames.join(', ')})`);
    if (!cvRows) throw new Error(`Table 14.${table}b has no "${sheet}" sheet (it has ${cvs.sheetNames.join(', ')})`);
    checkTitleYear(estimateRows[0], year, `Table 14.${table}a, sheet "${sheet}"`);
    const figures = parseAsheSheet(estimateRows, { where: `Table 14.${table}a, sheet "${sheet}"`, tableId: `14.${table}a`, jobs: { sex, pattern } });
    const cvFigures = parseAsheSheet(cvRows, { where: `Table 14.${table}b, sheet "${sheet}"`, tableId: `14.${table}b`, jobs: { sex, pattern } });
    for (const [soc, f] of figures) {
      rows.push({ area: 'uk', soc, measure, sex, pattern, ...f, medianCv: cvFigures.get(soc)?.median ?? null });
    }
  }
  return rows;
}

/** 2022 and 2024 titles end with the year ("United Kingdom, 2024"); 2023's carry none. When there, it must be the release's. */
function checkTitleYear(titleRow: unknown[] | undefined, year: number, where: string): void {
  const title = (titleRow ?? []).filter((c) => typeof c === 'string').join(' ');
  const stated = /United Kingdom,\s*(\d{4})/i.exec(title);
  if (stated && Number(stated[1]) !== year) throw new Error(`${where}: the title is for ${stated[1]}, the release for ${year}`);
}

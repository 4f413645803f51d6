import { SEX_PATTERN_SHEETS, payRowsOf, tableNumberOf } from '../ashe-layout.js';
import type { AsheReleaseFacts, PayMeasure, PayRow } from '../../../../domain/pay.js';
import type { Workbook } from '../../../formats/workbook.js';

/** Table 14's data sheets: one per sex and work pattern, each listing every unit group of the UK. */
export const DATA_SHEETS = SEX_PATTERN_SHEETS.map((s) => s.sheet);

/**
 * One measure's rows of an ASHE Table 14 release: the nine data sheets of its estimates and CV
 * workbooks (11 measures x 9 sheets x 412 unit groups in a complete release).
 */
export function table14Rows(
  measure: PayMeasure,
  estimates: Workbook,
  cvs: Workbook,
  { year }: AsheReleaseFacts,
): PayRow[] {
  const table = tableNumberOf(measure);
  const rows: PayRow[] = [];
  for (const { sheet, sex, pattern } of SEX_PATTERN_SHEETS) {
    const estimateRows = estimates.sheets[sheet];
    const cvRows = cvs.sheets[sheet];
    if (!estimateRows)
      throw new Error(`Table 14.${table}a has no "${sheet}" sheet (it has ${estimates.sheetNames.join(', ')})`);
    if (!cvRows) throw new Error(`Table 14.${table}b has no "${sheet}" sheet (it has ${cvs.sheetNames.join(', ')})`);
    checkTitleYear(estimateRows[0], year, `Table 14.${table}a, sheet "${sheet}"`);
    rows.push(
      ...payRowsOf(estimateRows, cvRows, { table: `14.${table}`, sheet, jobs: { sex, pattern }, area: 'uk', measure }),
    );
  }
  return rows;
}

/** 2022 and 2024 titles end with the year ("United Kingdom, 2024"); 2023's carry none. When there, it must be the release's. */
function checkTitleYear(titleRow: unknown[] | undefined, year: number, where: string): void {
  const title = (titleRow ?? []).filter((c) => typeof c === 'string').join(' ');
  const stated = /United Kingdom,\s*(\d{4})/i.exec(title);
  if (stated && Number(stated[1]) !== year)
    throw new Error(`${where}: the title is for ${stated[1]}, the release for ${year}`);
}

import type { SocGroup, SocLevel } from '../../../../domain/soc.js';
import type { Cell, Workbook } from '../../../formats/workbook.js';

export const FRAMEWORK_SHEET = 'SOC2020 framework';

/** Column of each level's code in the framework sheet, and the digits its codes have. */
const LEVELS: { level: SocLevel; header: RegExp; digits: number }[] = [
  { level: 'major', header: /^SOC2020\s*Major Group$/i, digits: 1 },
  { level: 'sub_major', header: /^SOC2020\s*Sub-Major Group$/i, digits: 2 },
  { level: 'minor', header: /^SOC2020\s*Minor Group$/i, digits: 3 },
  { level: 'unit', header: /^SOC2020\s*Unit Group$/i, digits: 4 },
];

/**
 * Reads the `SOC2020 framework` sheet: one row per group, its code in the column of its level
 * and its title in `SOC2020 Group Title`; blank rows separate the groups. Major and sub-major
 * titles are printed in capitals and are put into sentence case (they contain no acronyms);
 * minor and unit group titles are kept exactly as published.
 */
export function parseSocFramework(workbook: Workbook): SocGroup[] {
  const rows = workbook.sheets[FRAMEWORK_SHEET];
  if (!rows) throw new Error(`the workbook has no "${FRAMEWORK_SHEET}" sheet`);
  const headerIndex = rows.findIndex((row) =>
    row.some((cell) => typeof cell === 'string' && /^SOC2020 Group Title$/i.test(cell.trim())),
  );
  if (headerIndex < 0) throw new Error(`the "${FRAMEWORK_SHEET}" sheet has no "SOC2020 Group Title" column`);
  const header = rows[headerIndex]!.map((cell) => (typeof cell === 'string' ? cell.replace(/\s+/g, ' ').trim() : ''));
  const titleColumn = header.findIndex((h) => /^SOC2020 Group Title$/i.test(h));
  const levelColumns = LEVELS.map((l) => {
    const column = header.findIndex((h) => l.header.test(h));
    if (column < 0)
      throw new Error(`the "${FRAMEWORK_SHEET}" sheet has no column for ${l.level.replace('_', '-')} groups`);
    return { ...l, column };
  });

  const groups: SocGroup[] = [];
  for (const [offset, row] of rows.slice(headerIndex + 1).entries()) {
    const filled = levelColumns.filter((l) => !isBlank(row[l.column]));
    if (filled.length === 0) continue;
    const sheetRow = headerIndex + offset + 2;
    if (filled.length > 1) throw new Error(`row ${sheetRow} of "${FRAMEWORK_SHEET}" has codes at more than one level`);
    const { level, column, digits } = filled[0]!;
    const code = codeText(row[column], digits);
    if (code === null)
      throw new Error(
        `row ${sheetRow} of "${FRAMEWORK_SHEET}": "${String(row[column])}" is not a ${digits}-digit code`,
      );
    const title = String(row[titleColumn] ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (title === '') throw new Error(`row ${sheetRow} of "${FRAMEWORK_SHEET}": group ${code} has no title`);
    groups.push({
      code,
      level,
      title: level === 'major' || level === 'sub_major' ? sentenceCase(title) : title,
      parentCode: digits === 1 ? null : code.slice(0, digits - 1),
    });
  }
  return groups;
}

function isBlank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

function codeText(cell: Cell | undefined, digits: number): string | null {
  const text = typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cell.trim() : '';
  return new RegExp(`^\\d{${digits}}$`).test(text) ? text : null;
}

function sentenceCase(title: string): string {
  if (title !== title.toUpperCase()) return title;
  const lower = title.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

import type { Check } from '../../../../domain/editions.js';
import type { SocDescription } from '../../../../domain/soc.js';
import type { Cell, Workbook } from '../../../formats/workbook.js';

export const DESCRIPTIONS_SHEET = 'SOC2020 descriptions';

const COLUMNS = {
  unitGroup: 'SOC 2020 Unit Group',
  title: 'SOC 2020 Group Title',
  description: 'Group Description',
  entryRoutes: 'Typical Entry Routes And Associated Qualifications',
  tasks: 'Tasks',
  relatedTitles: 'Related Job Titles',
} as const;

/** ONS writes `<blank>` in cells that have nothing for that level. */
const BLANK_MARKER = '<blank>';

/**
 * Reads the unit-group rows of sheet `SOC2020 descriptions`: one row per group, the unit group
 * code in its own column (the other levels' rows leave it `<blank>`); tasks and related titles
 * are lists whose items each start with `~`, separated by blank lines.
 */
export function parseSocDescriptions(workbook: Workbook): SocDescription[] {
  const rows = workbook.sheets[DESCRIPTIONS_SHEET];
  if (!rows || rows.length === 0) throw new Error(`the workbook has no "${DESCRIPTIONS_SHEET}" sheet`);
  // The 2026 workbook writes `SOC2020 Unit Group` where 2025's wrote `SOC 2020 Unit Group` (third-party evidence only).
  const header = rows[0]!.map((cell) =>
    typeof cell === 'string'
      ? cell
          .replace(/\s+/g, ' ')
          .trim()
          .toLowerCase()
          .replace(/^soc ?2020\b/, 'soc 2020')
      : '',
  );
  const column = (name: string): number => {
    const index = header.indexOf(name.toLowerCase());
    if (index < 0) throw new Error(`the "${DESCRIPTIONS_SHEET}" sheet has no "${name}" column`);
    return index;
  };
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, name]) => [key, column(name)])) as Record<
    keyof typeof COLUMNS,
    number
  >;

  const descriptions: SocDescription[] = [];
  for (const row of rows.slice(1)) {
    const code = text(row[at.unitGroup]);
    if (code === null) continue;
    if (!/^\d{4}$/.test(code))
      throw new Error(`"${code}" in the "${COLUMNS.unitGroup}" column is not a four-digit code`);
    descriptions.push({
      code,
      title: text(row[at.title]) ?? '',
      description: text(row[at.description]) ?? '',
      entryRoutes: text(row[at.entryRoutes]),
      tasks: tildeList(row[at.tasks]).map(continuesJobHoldersPhrase),
      relatedTitles: tildeList(row[at.relatedTitles]),
    });
  }
  return descriptions;
}

export function checkSocDescriptions(descriptions: SocDescription[]): Check[] {
  const checks: Check[] = [];
  const codes = new Set(descriptions.map((d) => d.code));
  if (codes.size !== 412 || descriptions.length !== 412) {
    checks.push({
      rule: 'a description for each of the 412 unit groups, once',
      status: 'fail',
      observed: `${descriptions.length} rows, ${codes.size} unit groups`,
    });
  }
  const withoutDescription = descriptions.filter((d) => d.description === '').map((d) => d.code);
  if (withoutDescription.length > 0) {
    checks.push({
      rule: 'every unit group has a description',
      status: 'fail',
      observed: `none for ${withoutDescription.slice(0, 10).join(', ')}`,
    });
  }
  const withoutTasks = descriptions.filter((d) => d.tasks.length === 0).map((d) => d.code);
  if (withoutTasks.length > 0) {
    checks.push({
      rule: 'every unit group lists its tasks',
      status: 'fail',
      observed: `none for ${withoutTasks.slice(0, 10).join(', ')}`,
    });
  }
  return checks;
}

function text(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  const value = String(cell).replace(/\s+/g, ' ').trim();
  return value === '' || value === BLANK_MARKER ? null : value;
}

function tildeList(cell: Cell | undefined): string[] {
  if (typeof cell !== 'string' || cell.trim() === BLANK_MARKER) return [];
  return cell
    .split('~')
    .map((item) => item.replace(/\s+/g, ' ').trim())
    .filter((item) => item !== '');
}

/**
 * Tasks read as a continuation of "job holders ..." ("monitors condition and progress of
 * patient"). A handful in the file start with a capital ("Treats minor ailments"); the first
 * letter is lowered unless the first word is an acronym.
 */
function continuesJobHoldersPhrase(task: string): string {
  const firstWord = task.split(/\s/)[0] ?? '';
  if (/^[A-Z][A-Z0-9]+\b/.test(firstWord)) return task;
  return task.charAt(0).toLowerCase() + task.slice(1);
}

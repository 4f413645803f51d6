import type { ApsRelease, ApsYear, EmploymentCell, IndustrySection } from '../../../../domain/employment.js';
import { everyExpectedPresent } from '../../../checks/expected-parts.js';
import { refuseOnFailure } from '../../../checks/refusal.js';
import type { Cell, FillPattern, Workbook } from '../../../formats/workbook.js';

const SECTION_HEADER = /^(\d{1,2})\s+([A-U])\s+(.+)$/;
const UNIT_GROUP_LABEL = /^(\d{4})\s+\S/;
const PERIOD = /^January-December (\d{4})$/;
/** The workbook shades small-sample cells with a hatched `lightGray` fill; the others are solid. */
const SHADED = 'lightGray';

/** The years a release claims to cover, from its file name (`...atosuk20212024final.xlsx`: 2021 to 2024). */
export function yearsClaimedBy(fileName: string): string[] {
  const match = /(\d{4})(\d{4})(?:final)?\.xlsx$/i.exec(fileName);
  if (!match) throw new Error(`${fileName} does not name the years it covers (...<first year><last year>final.xlsx)`);
  const [first, last] = [Number(match[1]), Number(match[2])];
  if (last < first || last - first > 50) throw new Error(`${fileName} names the years ${first} to ${last}`);
  return Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
}

/**
 * Reads one sheet per year (`2021` .. `2024`); every year the release claims (`expectedYears`) must
 * have its sheet, so a renamed sheet refuses the release instead of silently dropping a year: the industry section headers in one row
 * ("7 G  Wholesale, retail, repair of vehicles"), then a row per unit group labelled
 * "NNNN Title" with a weighted count of people per section, then a `Total` row.
 */
export function parseApsWorkbook(workbook: Workbook, expectedYears: readonly string[]): ApsRelease {
  const yearSheets = workbook.sheetNames.filter((name) => /^\d{4}$/.test(name));
  refuseOnFailure(everyExpectedPresent('year sheet', expectedYears, workbook.sheetNames));
  const years: ApsYear[] = [];
  const cells: EmploymentCell[] = [];
  let industries: IndustrySection[] | null = null;

  for (const name of yearSheets) {
    const rows = workbook.sheets[name];
    const fills = workbook.fills?.[name];
    if (!rows || !fills) throw new Error(`sheet "${name}" could not be read with its shading`);
    const year = Number(name);
    years.push({ year, period: periodOf(rows, name, year) });

    const headerIndex = rows.findIndex((row) =>
      row.some((cell) => typeof cell === 'string' && SECTION_HEADER.test(cell.trim())),
    );
    if (headerIndex < 0) throw new Error(`sheet "${name}" has no row of industry section headers`);
    const sections = sectionColumns(rows[headerIndex]!);
    if (sections.length !== 19)
      throw new Error(`sheet "${name}" has ${sections.length} industry sections, not the 19 (A to S) expected`);
    const sheetIndustries = sections.map(({ section, name: title, position }) => ({ section, name: title, position }));
    if (industries && JSON.stringify(industries) !== JSON.stringify(sheetIndustries))
      throw new Error(`sheet "${name}" lists different industry sections from the other years`);
    industries = sheetIndustries;

    let sawTotal = false;
    for (const [offset, row] of rows.slice(headerIndex + 1).entries()) {
      const label = row.find(
        (cell, column) =>
          column < sections[0]!.column &&
          typeof cell === 'string' &&
          (UNIT_GROUP_LABEL.test(cell.trim()) || cell.trim() === 'Total'),
      );
      if (typeof label !== 'string') continue;
      const text = label.trim();
      const soc2020 = text === 'Total' ? null : UNIT_GROUP_LABEL.exec(text)![1]!;
      const rowFills = fills[headerIndex + 1 + offset] ?? [];
      for (const { section, column } of sections)
        cells.push({
          year,
          soc2020,
          section,
          ...readCell(row[column] ?? null, rowFills[column] ?? null, name, text, section),
        });
      if (soc2020 === null) {
        sawTotal = true;
        break;
      }
    }
    if (!sawTotal) throw new Error(`sheet "${name}" has no Total row`);
  }
  return { years: years.sort((a, b) => a.year - b.year), industries: industries ?? [], cells };
}

/** The sheet's period ("January-December 2024") from its first rows, which must be the sheet's year. */
function periodOf(rows: Cell[][], sheet: string, year: number): string {
  const periodText = rows
    .slice(0, 8)
    .map((r) => String(r[0] ?? '').trim())
    .find((t) => PERIOD.test(t));
  if (!periodText || Number(PERIOD.exec(periodText)![1]) !== year)
    throw new Error(`sheet "${sheet}" does not say it covers January-December ${year}`);
  return periodText;
}

function sectionColumns(header: Cell[]): Array<IndustrySection & { column: number }> {
  const columns: Array<IndustrySection & { column: number }> = [];
  header.forEach((cell, column) => {
    const match = typeof cell === 'string' ? SECTION_HEADER.exec(cell.trim()) : null;
    if (match)
      columns.push({
        position: Number(match[1]),
        section: match[2]!,
        name: match[3]!.replace(/\s+/g, ' ').trim(),
        column,
      });
  });
  return columns;
}

function readCell(
  cell: Cell,
  fill: FillPattern,
  sheet: string,
  rowLabel: string,
  section: string,
): Pick<EmploymentCell, 'people' | 'marker' | 'smallSample'> {
  const smallSample = fill === SHADED;
  if (typeof cell === 'number' && Number.isFinite(cell) && cell >= 0)
    return { people: Math.round(cell), marker: 'published', smallSample };
  const text = typeof cell === 'string' ? cell.trim() : '';
  if (text === '*') return { people: null, marker: 'withheld', smallSample };
  if (text === '-') return { people: null, marker: 'none', smallSample };
  throw new Error(
    `sheet "${sheet}", ${rowLabel}, section ${section}: "${String(cell)}" is neither a count, "*" nor "-"`,
  );
}

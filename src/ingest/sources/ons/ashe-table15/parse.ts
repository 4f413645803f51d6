import { SEX_PATTERN_SHEETS, payRowsOf, tableNumberOf } from '../ashe-layout.js';
import type { PayMeasure, PayRow } from '../../../../domain/pay.js';
import type { Workbook } from '../../../formats/workbook.js';

/** The regions and nations Table 15 serves, by the name its rows start with, and the `area` slug the API uses. */
const REGIONS: { name: string; slug: string }[] = [
  { name: 'North East', slug: 'north-east' },
  { name: 'North West', slug: 'north-west' },
  { name: 'Yorkshire and The Humber', slug: 'yorkshire-and-the-humber' },
  { name: 'East Midlands', slug: 'east-midlands' },
  { name: 'West Midlands', slug: 'west-midlands' },
  { name: 'East', slug: 'east-of-england' },
  { name: 'East of England', slug: 'east-of-england' },
  { name: 'London', slug: 'london' },
  { name: 'South East', slug: 'south-east' },
  { name: 'South West', slug: 'south-west' },
  { name: 'Wales', slug: 'wales' },
  { name: 'Scotland', slug: 'scotland' },
];

/** Areas a row may be of that the regional endpoint does not serve (Northern Ireland; the totals). */
const NOT_SERVED = ['Northern Ireland', 'United Kingdom', 'Great Britain', 'England and Wales', 'England'];

/** Table 15's data sheets: Table 14's nine (sex and work pattern), each listing every region's unit groups. */
export const DATA_SHEETS = SEX_PATTERN_SHEETS.map((s) => s.sheet);

/**
 * The region of a row from its description, "North East, Programmers and ..." (the region, a
 * comma, the occupation): matched against the known names, never split at the first comma (some
 * occupation titles have commas). An area not served is skipped; an unknown one is refused.
 */
function regionOf(where: string) {
  return (description: string): string | null => {
    const folded = description.toLowerCase();
    const starts = (name: string) => folded.startsWith(`${name.toLowerCase()},`);
    const region = REGIONS.find((r) => starts(r.name));
    if (region) return region.slug;
    if (NOT_SERVED.some(starts)) return null;
    throw new Error(`${where}: the row "${description.slice(0, 80)}" does not start with a region's name and a comma`);
  };
}

/**
 * One measure's rows of an ASHE Table 15 release: the four-digit workbooks 15 (4).1 to 15 (4).11
 * (`a` estimates, `b` CVs), each with Table 14's nine sheets by sex and work pattern, whose rows
 * are described "Region, occupation". Every served region must have rows in every sheet; a
 * missing sheet, a row of an unknown area, or a sheet not in that layout throws (quarantine).
 * Layout known from third-party code only (see the README).
 */
export function table15Rows(measure: PayMeasure, estimates: Workbook, cvs: Workbook): PayRow[] {
  const table = tableNumberOf(measure);
  const rows: PayRow[] = [];
  for (const { sheet, sex, pattern } of SEX_PATTERN_SHEETS) {
    const estimateRows = estimates.sheets[sheet];
    const cvRows = cvs.sheets[sheet];
    if (!estimateRows)
      throw new Error(`Table 15.${table}a has no "${sheet}" sheet (it has ${estimates.sheetNames.join(', ')})`);
    if (!cvRows) throw new Error(`Table 15.${table}b has no "${sheet}" sheet (it has ${cvs.sheetNames.join(', ')})`);
    const where = `Table 15.${table}a, sheet "${sheet}"`;
    const sheetRows = payRowsOf(estimateRows, cvRows, {
      table: `15.${table}`,
      sheet,
      jobs: { sex, pattern },
      area: regionOf(where),
      measure,
    });
    const areas = new Set(sheetRows.map((r) => r.area));
    const missing = [...new Set(REGIONS.map((r) => r.slug))].filter((slug) => !areas.has(slug));
    if (missing.length > 0) throw new Error(`${where}: no rows for ${missing.join(', ')}`);
    rows.push(...sheetRows);
  }
  return rows;
}

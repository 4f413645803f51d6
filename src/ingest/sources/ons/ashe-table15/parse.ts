import { jobsPhrase, payRowsOf, tableNumberOf, type JobsCovered } from '../ashe-layout.js';
import { PAY_SEXES, type PayMeasure, WORK_PATTERNS, type PayRow } from '../../../../domain/pay.js';
import type { SheetRows, Workbook } from '../../../formats/workbook.js';

/** The regions and nations Table 15 has a sheet for, by sheet name, with the `area` slug the API uses. Northern Ireland's sheet is not served. */
const REGION_SHEETS: { sheet: string; slug: string }[] = [
  { sheet: 'North East', slug: 'north-east' },
  { sheet: 'North West', slug: 'north-west' },
  { sheet: 'Yorkshire and The Humber', slug: 'yorkshire-and-the-humber' },
  { sheet: 'East Midlands', slug: 'east-midlands' },
  { sheet: 'West Midlands', slug: 'west-midlands' },
  { sheet: 'East', slug: 'east-of-england' },
  { sheet: 'London', slug: 'london' },
  { sheet: 'South East', slug: 'south-east' },
  { sheet: 'South West', slug: 'south-west' },
  { sheet: 'Wales', slug: 'wales' },
  { sheet: 'Scotland', slug: 'scotland' },
];

/** ONS writes the East of England region as "East" in ASHE; either name is read. */
const SHEET_ALIASES: Record<string, string> = { 'east of england': 'East' };

/**
 * One measure's rows of an ASHE Table 15 release: workbooks 15.1 to 15.11 (`a` estimates, `b`
 * CVs) each have one sheet per region in Table 14's data-sheet layout. The jobs a workbook covers
 * (all employees, or a sex and work pattern) are read from each sheet's title. A missing region
 * sheet, or a sheet not in that layout, throws (quarantine).
 */
export function table15Rows(measure: PayMeasure, estimates: Workbook, cvs: Workbook): PayRow[] {
  const table = tableNumberOf(measure);
  const rows: PayRow[] = [];
  for (const { sheet, slug } of REGION_SHEETS) {
    const estimateRows = sheetOf(estimates, sheet, `15.${table}a`);
    const cvRows = sheetOf(cvs, sheet, `15.${table}b`);
    const jobs = jobsCoveredBy(estimateRows, `Table 15.${table}a, sheet "${sheet}"`);
    rows.push(...payRowsOf(estimateRows, cvRows, { table: `15.${table}`, sheet, jobs, area: slug, measure }));
  }
  return rows;
}

function sheetOf(workbook: Workbook, sheet: string, tableId: string): SheetRows {
  const name = workbook.sheetNames.find((n) => {
    const folded = n.trim().toLowerCase();
    return folded === sheet.toLowerCase() || SHEET_ALIASES[folded] === sheet;
  });
  const rows = name === undefined ? undefined : workbook.sheets[name];
  if (!rows) throw new Error(`Table ${tableId} has no "${sheet}" sheet (it has ${workbook.sheetNames.join(', ')})`);
  return rows;
}

/** "For male full-time employee jobs: North East, 2024" -> male, fulltime. */
function jobsCoveredBy(rows: SheetRows, where: string): JobsCovered {
  const title = (rows[0] ?? [])
    .filter((c) => typeof c === 'string')
    .join(' ')
    .replace(/\s+/g, ' ');
  for (const sex of PAY_SEXES) {
    for (const pattern of WORK_PATTERNS) {
      if (new RegExp(`For ${jobsPhrase({ sex, pattern })} employee jobs`, 'i').test(title)) return { sex, pattern };
    }
  }
  throw new Error(`${where}: the title "${title.slice(0, 120)}" does not say which employee jobs it covers`);
}

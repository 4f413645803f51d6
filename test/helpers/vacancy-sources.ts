import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import { upstreamPath } from './upstream.js';

/**
 * The real Employer Skills Survey file and SOC 2010/2020 relationship table read straight (text
 * lines, sheet cells), so tests check what the service says against the publishers' own cells.
 */
export const ESS_FILE = 'ess/data-employer-skills-survey.csv';

/** The ESS file's lines, header first. */
export const essLines: readonly string[] = readFileSync(upstreamPath(ESS_FILE), 'utf8')
  .split('\n')
  .filter((l) => l !== '');

/** The last six fields of the ESS line for a year and row label, as text: establishments, vacancies, hard-to-fill, skill-shortage and the two percentages (they carry no commas). */
export function rawEssFigures(year: number, label: string): string[] {
  const line = essLines.find(
    (l) => l.startsWith(`${year},`) && (l.includes(`,${label},`) || l.includes(`,"${label}",`)),
  );
  assert.ok(line, `${year} ${label} is in the file`);
  return line.split(',').slice(-6);
}

/**
 * The unit groups under a SOC 2010 group (its code a prefix of theirs) the ESS file lists for a year,
 * split into those with published figures (vacancies, hard-to-fill and skill-shortage, as numbers)
 * and those withheld.
 */
export function rawEssUnitsUnder(
  year: number,
  group: string,
): {
  published: { code: string; vacancies: number; hardToFill: number; skillShortage: number }[];
  withheld: string[];
  /** Establishments reporting a vacancy, added over the published units and over all listed; null where one is `c`. */
  employerReports: { summed: number | null; listed: number | null };
} {
  const published = [];
  const withheld = [];
  const employers: { published: boolean; count: number | null }[] = [];
  for (const line of essLines) {
    const code = new RegExp(`^${year},.*?,"?(${group}\\d{${4 - group.length}}) - `).exec(line)?.[1];
    if (!code) continue;
    const [establishments, vacancies, hardToFill, skillShortage, htfPercent, ssvPercent] = line.split(',').slice(-6);
    const isWithheld = [vacancies, hardToFill, skillShortage, htfPercent, ssvPercent].some((f) =>
      Number.isNaN(Number(f)),
    );
    employers.push({ published: !isWithheld, count: establishments === 'c' ? null : Number(establishments) });
    if (isWithheld) withheld.push(code);
    else
      published.push({
        code,
        vacancies: Number(vacancies),
        hardToFill: Number(hardToFill),
        skillShortage: Number(skillShortage),
      });
  }
  const total = (counts: (number | null)[]) =>
    counts.includes(null) ? null : counts.reduce<number>((sum, c) => sum + c!, 0);
  // Ordered by code, as the service lists them.
  return {
    employerReports: {
      summed: total(employers.filter((e) => e.published).map((e) => e.count)),
      listed: total(employers.map((e) => e.count)),
    },
    published: published.sort((a, b) => a.code.localeCompare(b.code)),
    withheld: withheld.sort((a, b) => a.localeCompare(b)),
  };
}

const crosswalkSheet = Object.values(
  readWorkbookSync(new Uint8Array(readFileSync(upstreamPath('soc-crosswalk/ONS_SOC2010_SOC2020.xlsx')))).sheets,
)[0]!;

/**
 * For each SOC 2010 group with records coded to `soc2020`: those 2011 Census records (men's and
 * women's base x share) and the group's own Census base, from the sheet's cells.
 */
export function censusRecordsInto(soc2020: string): Map<string, { records: number; base: number }> {
  const header = crosswalkSheet.find((r) => r.includes('SOC2010'))!.map(String);
  const cell = (row: readonly unknown[], label: string) => Number(row[header.indexOf(label)] ?? 0);
  const found = new Map<string, { records: number; base: number }>();
  let group: { code: string; men: number; women: number } | null = null;
  for (const row of crosswalkSheet) {
    const from = String(row[header.indexOf('SOC2010')] ?? '');
    if (/^\d{4}:/.test(from))
      group = {
        code: from.slice(0, 4),
        men: cell(row, 'men_census_base_2010'),
        women: cell(row, 'women_census_base_2010'),
      };
    else if (group && String(row[header.indexOf('SOC2020')] ?? '').startsWith(`${soc2020}:`)) {
      found.set(group.code, {
        records: group.men * cell(row, 'men_census_perc_2020') + group.women * cell(row, 'women_census_perc_2020'),
        base: group.men + group.women,
      });
    }
  }
  return found;
}

/** The SOC 2010 group with the most 2011 Census records in `soc2020`, with its share of them all and the share of its own records they are. */
export function largestSupplier(soc2020: string): {
  soc2010: string;
  share: number;
  shareOfSupplier: number;
  suppliers: number;
} {
  const found = [...censusRecordsInto(soc2020)]
    .filter(([, f]) => f.records > 0)
    .sort((a, b) => b[1].records - a[1].records);
  const total = found.reduce((sum, [, f]) => sum + f.records, 0);
  const [soc2010, { records, base }] = found[0]!;
  return { soc2010, share: records / total, shareOfSupplier: records / base, suppliers: found.length };
}

import { readTabSeparated } from '../../formats/delimited.js';
import type { ReleaseRef } from '../../source.js';
import type { FileLocation, Upstream } from '../../upstream.js';
import type { OnetRating } from '../../../domain/work-profile.js';
import type { Check } from '../../../domain/editions.js';

/**
 * The O*NET database's text files (`onet-occupations`, `onet-interests`, `onet-abilities`) and the
 * O*NET-SOC 2010 crosswalk: what they share is here. Each file is a source of its own.
 */
export const ONET_PUBLISHER = 'U.S. Department of Labor, Employment and Training Administration (USDOL/ETA)';

export const ONET_LICENCE = 'Creative Commons Attribution 4.0 International (CC BY 4.0)';

export const ONET_DATABASE_PAGE = 'https://www.onetcenter.org/database.html';

/** The credit O*NET requires wherever its data is shown. */
export const ONET_ATTRIBUTION =
  'This page includes information from the O*NET Database by the U.S. Department of Labor, Employment and Training Administration (USDOL/ETA). Used under the CC BY 4.0 license. O*NET® is a trademark of USDOL/ETA.';

export const ONET_CADENCE = 'database releases about four times a year';

/** O*NET-SOC codes: six-digit US SOC code, a dot, and two digits (`.00` the SOC occupation itself). */
export const ONET_SOC_CODE = /^\d{2}-\d{4}\.\d{2}$/;
export const US_SOC_CODE = /^\d{2}-\d{4}$/;

/**
 * O*NET's files sit at addresses that change with every database release, so the service reads
 * them only from the mirror folder `onet/` (see the source READMEs).
 */
export function onetFile(fileName: string, page = ONET_DATABASE_PAGE): FileLocation {
  return { mirrorPath: `onet/${fileName}`, url: page };
}

export async function detectOnetFile(upstream: Upstream, fileName: string, label: string, page = ONET_DATABASE_PAGE): Promise<ReleaseRef[]> {
  const names = await upstream.listFolder('onet');
  return names.includes(fileName) ? [{ label, seriesKey: null, location: onetFile(fileName, page) }] : [];
}

export interface RatingFileLayout {
  /** What the file is, for messages ("O*NET Interests"). */
  what: string;
  /** The scale kept (OI for interests, IM for ability importance); other scales' rows are skipped. */
  scale: string;
  /** The scale's range, inclusive. */
  range: [number, number];
}

const RATING_COLUMNS = ['O*NET-SOC Code', 'Element ID', 'Element Name', 'Scale ID', 'Data Value', 'Date'] as const;

/**
 * Reads an O*NET rating file in its text layout (Interests.txt, Abilities.txt, ...): tab-separated,
 * one rating a line. Keeps the ratings on `layout.scale`, leaving out those O*NET recommends
 * suppressing (`Recommend Suppress` = Y, a column Abilities.txt has and Interests.txt has not).
 */
export function parseOnetRatings(bytes: Uint8Array, layout: RatingFileLayout): OnetRating[] {
  const ratings: OnetRating[] = [];
  readTabSeparated(bytes, RATING_COLUMNS, layout.what).forEach((row, i) => {
    if (row['Scale ID'] !== layout.scale) return;
    if (row['Recommend Suppress'] === 'Y') return;
    const where = `${layout.what}, line ${i + 2}`;
    const code = row['O*NET-SOC Code']!;
    if (!ONET_SOC_CODE.test(code)) throw new Error(`${where}: "${code}" is not an O*NET-SOC code`);
    const value = Number(row['Data Value']);
    if (row['Data Value'] === '' || !Number.isFinite(value)) throw new Error(`${where}: Data Value "${row['Data Value']}" is not a number`);
    ratings.push({ code, elementId: row['Element ID']!, elementName: row['Element Name']!, value, date: row['Date']! });
  });
  return ratings;
}

/** Checks every rating file shares: ratings present, in the scale's range, one per occupation and element. */
export function checkOnetRatings(ratings: OnetRating[], layout: RatingFileLayout): Check[] {
  const checks: Check[] = [];
  if (ratings.length === 0) checks.push({ rule: `ratings on scale ${layout.scale}`, status: 'fail', observed: 'none' });
  const outside = ratings.filter((r) => r.value < layout.range[0] || r.value > layout.range[1]);
  if (outside.length > 0) {
    checks.push({ rule: `every ${layout.scale} rating is between ${layout.range[0]} and ${layout.range[1]}`, status: 'fail', observed: outside.slice(0, 5).map((r) => `${r.code} ${r.elementName}: ${r.value}`).join('; ') });
  }
  const seen = new Set<string>();
  const repeated = ratings.filter((r) => { const key = `${r.code} ${r.elementId}`; return seen.has(key) || (seen.add(key), false); });
  if (repeated.length > 0) checks.push({ rule: 'one rating per occupation and element', status: 'fail', observed: repeated.slice(0, 5).map((r) => `${r.code} ${r.elementId}`).join(', ') });
  return checks;
}

/** "11/2023 to 02/2026": the span of the ratings' dates, as the file's own statement of its age. */
export function ratingDates(ratings: OnetRating[]): string {
  const keyed = [...new Set(ratings.map((r) => r.date))].map((d) => ({ d, key: d.replace(/^(\d{2})\/(\d{4})$/, '$2-$1') })).sort((a, b) => a.key.localeCompare(b.key));
  if (keyed.length === 0) return 'undated';
  return keyed.length === 1 ? `dated ${keyed[0]!.d}` : `dated ${keyed[0]!.d} to ${keyed[keyed.length - 1]!.d}`;
}

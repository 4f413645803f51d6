import type { Check } from '../../../domain/editions.js';
import { medianOf, summary } from '../../checks/plausibility.js';
import type { OnetRating } from '../../../domain/work-profile.js';
import { readTabSeparated } from '../../formats/delimited.js';
import type { SourceDescriptor } from '../../source.js';
import { insertOnetScores } from '../../../store/work-profile.js';
import { ONET_SOC_CODE, onetFileSource, type RenamedFile } from './publisher.js';
import type { SourceKey } from '../../../domain/sources.js';

/** One of O*NET's rating files (Interests.txt, Abilities.txt, ...) and the ratings the service keeps from it. */
export interface RatingFileLayout {
  /** The file's name in O*NET's text download. */
  file: string;
  /** What the file is, for messages and release names ("O*NET Interests"). */
  what: string;
  /** The scale kept (OI for interests, IM for ability importance); other scales' rows are skipped. */
  scale: string;
  /** The scale's range, inclusive. */
  range: [number, number];
  /** The file's name from a release on, when O*NET renamed it (same columns). */
  renamed?: RenamedFile;
}

/**
 * A rating file as a source: its ratings on `layout.scale`, named by what they cover and when
 * they were rated, checked by `check` (which should include `checkOnetRatings`).
 */
export function onetRatingSource(spec: {
  key: SourceKey;
  name: string;
  layout: RatingFileLayout;
  check: (ratings: OnetRating[]) => Check[];
}): SourceDescriptor<OnetRating[]> {
  const { layout } = spec;
  return onetFileSource(
    {
      key: spec.key,
      name: spec.name,
      file: layout.file,
      label: layout.what,
      parse: (bytes) => parseOnetRatings(bytes, layout),
      labelOf: (ratings) =>
        `${layout.what}, ${new Set(ratings.map((r) => r.code)).size} occupations, ratings ${ratingDates(ratings)}`,
      check: spec.check,
      summarise: (ratings) =>
        summary(
          { ratings: ratings.length, occupations: new Set(ratings.map((r) => r.code)).size },
          { 'median rating': medianOf(ratings.map((r) => r.value)) },
        ),
      stage: insertOnetScores,
    },
    layout.renamed,
  );
}

const RATING_COLUMNS = ['O*NET-SOC Code', 'Element ID', 'Element Name', 'Scale ID', 'Data Value', 'Date'] as const;

/**
 * Reads an O*NET rating file in its text layout: tab-separated, one rating a line. Keeps the
 * ratings on `layout.scale`, leaving out those O*NET recommends suppressing (`Recommend Suppress`
 * = Y, a column Abilities.txt has and Interests.txt has not).
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
    if (row['Data Value'] === '' || !Number.isFinite(value))
      throw new Error(`${where}: Data Value "${row['Data Value']}" is not a number`);
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
    checks.push({
      rule: `every ${layout.scale} rating is between ${layout.range[0]} and ${layout.range[1]}`,
      status: 'fail',
      observed: outside
        .slice(0, 5)
        .map((r) => `${r.code} ${r.elementName}: ${r.value}`)
        .join('; '),
    });
  }
  const seen = new Set<string>();
  const repeated = ratings.filter((r) => {
    const key = `${r.code} ${r.elementId}`;
    return seen.has(key) || (seen.add(key), false);
  });
  if (repeated.length > 0)
    checks.push({
      rule: 'one rating per occupation and element',
      status: 'fail',
      observed: repeated
        .slice(0, 5)
        .map((r) => `${r.code} ${r.elementId}`)
        .join(', '),
    });
  return checks;
}

/** "11/2023 to 02/2026": the span of the ratings' dates, as the file's own statement of its age. */
function ratingDates(ratings: OnetRating[]): string {
  const keyed = [...new Set(ratings.map((r) => r.date))]
    .map((d) => ({ d, key: d.replace(/^(\d{2})\/(\d{4})$/, '$2-$1') }))
    .sort((a, b) => a.key.localeCompare(b.key));
  if (keyed.length === 0) return 'undated';
  return keyed.length === 1 ? `dated ${keyed[0]!.d}` : `dated ${keyed[0]!.d} to ${keyed[keyed.length - 1]!.d}`;
}

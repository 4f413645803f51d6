import { round } from './numbers.js';

/**
 * Sums, averages, changes and ranks over periods of which some figures are withheld. A withheld
 * (suppressed) period is null: it is left out of every total and counted as suppressed, never
 * read as zero.
 */

/** A period's figure as published: null where the publisher suppressed it. */
export type Published = number | null;

interface PeriodsSummary {
  /** The sum over the published periods only. */
  total: number;
  /** Periods whose figure was suppressed (or not published). */
  suppressed: number;
  /** The total over the published periods divided by their number; null when none was published. */
  average: number | null;
}

export function summarisePeriods(values: readonly Published[]): PeriodsSummary {
  const published = values.filter((v): v is number => v !== null);
  const total = published.reduce((sum, v) => sum + v, 0);
  return {
    total,
    suppressed: values.length - published.length,
    average: published.length === 0 ? null : total / published.length,
  };
}

/**
 * The change in percent from `previous` to `latest`, two runs of periods aligned one to one
 * (a month and the same month a year before), over the pairs published in both only; null when
 * no pair is, or the earlier total is zero.
 */
export function changeOverPublishedPairs(latest: readonly Published[], previous: readonly Published[]): number | null {
  if (latest.length !== previous.length) throw new Error('the two runs of periods must align one to one');
  let now = 0;
  let before = 0;
  let pairs = 0;
  latest.forEach((value, i) => {
    const earlier = previous[i] ?? null;
    if (value === null || earlier === null) return;
    now += value;
    before += earlier;
    pairs += 1;
  });
  return pairs === 0 || before === 0 ? null : ((now - before) / before) * 100;
}

/**
 * Ranks items by a key, largest first, 1 the most; equal keys share a rank (1, 2, 2, 4). Items
 * whose key is null come after all the others, sharing the last rank. Ties are listed by `tieOrder`.
 */
export function rankDescending<T>(
  items: readonly T[],
  key: (item: T) => number | null,
  tieOrder: (a: T, b: T) => number,
): Array<{ item: T; rank: number }> {
  const sorted = [...items].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === y) return tieOrder(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x;
  });
  const ranked: Array<{ item: T; rank: number }> = [];
  sorted.forEach((item, i) => {
    const previous = ranked[i - 1];
    ranked.push({ item, rank: previous && key(previous.item) === key(item) ? previous.rank : i + 1 });
  });
  return ranked;
}

/** A figure rounded to `places` decimal places, null kept. */
export function rounded(value: number | null, places = 1): number | null {
  return value === null ? null : round(value, places);
}

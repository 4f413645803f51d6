let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transposition, so "nurce" and
 * "nuser" are each one typo from "nurse"), abandoned as soon as it must exceed `limit`.
 * Returns limit + 1 when the distance is larger than `limit`.
 */
export function typoDistance(a: string, b: string, limit: number): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > limit) return limit + 1;
  if (m === 0 || n === 0) return Math.max(m, n) <= limit ? Math.max(m, n) : limit + 1;
  // Three rolling rows (the transposition step looks two rows back), reused between calls
  // because this runs for every typo candidate of every query word.
  if (rows[0].length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [before, previous, current] = rows;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        best = Math.min(best, before[j - 2]! + 1);
      current[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[n]!;
  return distance <= limit ? distance : limit + 1;
}

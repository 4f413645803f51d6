import type { Check, EditionSummary } from '../../domain/editions.js';

/**
 * How far a release may move from the source's previous one before it is held back as
 * implausible. Each source states its own (and documents them in its README); these are the
 * defaults.
 */
export interface PlausibilityLimits {
  /** A level (a median of the figures) may move by at most this factor either way. */
  maxLevelFactor: number;
  /** A count (rows, unit groups covered) may fall by at most this share. */
  maxCountDrop: number;
}

const DEFAULT_PLAUSIBILITY: PlausibilityLimits = { maxLevelFactor: 3, maxCountDrop: 0.2 };

/**
 * Compares a release's summary with the previous published release of the same source: a median
 * moving more than `maxLevelFactor` (a unit change upstream, figures x1000) or a count falling by
 * more than `maxCountDrop` (a truncated file, a lost sheet) fails, naming the figures. Counts may
 * grow and levels may be new; nothing is compared with a source's first release.
 */
export function plausibleAgainstPrevious(
  now: EditionSummary,
  previous: { label: string; summary: EditionSummary } | null,
  limits: PlausibilityLimits = DEFAULT_PLAUSIBILITY,
): Check[] {
  if (!previous) return [];
  const checks: Check[] = [];
  for (const [name, before] of Object.entries(previous.summary.counts)) {
    const after = now.counts[name];
    if (after === undefined || before <= 0) continue;
    const drop = (before - after) / before;
    if (drop > limits.maxCountDrop) {
      checks.push({
        rule: `${name} falls by at most ${percent(limits.maxCountDrop)} from the previous release`,
        status: 'fail',
        observed: `${format(after)}, down ${percent(drop)} from ${format(before)} in ${previous.label}`,
      });
    }
  }
  for (const [name, before] of Object.entries(previous.summary.levels)) {
    const after = now.levels[name];
    if (after === undefined || before === 0) continue;
    const factor = after / before;
    if (!(factor <= limits.maxLevelFactor && factor >= 1 / limits.maxLevelFactor)) {
      checks.push({
        rule: `${name} moves by at most a factor of ${limits.maxLevelFactor} from the previous release`,
        status: 'fail',
        observed: `${format(after)} against ${format(before)} in ${previous.label} (x${format(factor)})`,
      });
    }
  }
  return checks;
}

/** The median of the values given (nulls left out), or null when there are none. */
export function medianOf(values: Iterable<number | null>): number | null {
  const sorted = [...values].filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A summary from counts and levels, leaving out levels that could not be computed (no figures). */
export function summary(counts: Record<string, number>, levels: Record<string, number | null> = {}): EditionSummary {
  return {
    counts,
    levels: Object.fromEntries(Object.entries(levels).filter((e): e is [string, number] => e[1] !== null)),
  };
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function format(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-GB') : n.toLocaleString('en-GB', { maximumSignificantDigits: 4 });
}

import type { Check, EditionSummary } from './editions.js';

/**
 * The change feed: one entry per edition settled (published, or quarantined), with what changed
 * against the source's previous published release, worked out when it was published and stored.
 */
export type ChangeKind = 'published' | 'quarantined';

/** A figure of the edition's summary before and after (`before` null: the previous release had none). */
export interface ChangedFigure {
  name: string;
  before: number | null;
  after: number | null;
}

/** What a published edition changed against the source's previous published one. */
export interface EditionDiff {
  /** The release compared with (its label): the source's most recently published one before it; null for a first release. */
  previous: string | null;
  /** Rows stored (every table of the release), before and after. */
  rows: ChangedFigure;
  /** The summary's counts (unit groups, rows by kind...) that changed. */
  counts: ChangedFigure[];
  /** The summary's headline levels (medians of the main figures) that changed. */
  levels: ChangedFigure[];
}

/** The facts of a release a diff compares: what the editions table holds of it. */
export interface DiffedRelease {
  id: string;
  label: string;
  rowsStored: number | null;
  summary: EditionSummary | null;
}

function changed(before: Record<string, number>, after: Record<string, number>): ChangedFigure[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names
    .map((name) => ({ name, before: before[name] ?? null, after: after[name] ?? null }))
    .filter((f) => f.before !== f.after);
}

export function diffEditions(previous: DiffedRelease | null, next: DiffedRelease): EditionDiff {
  return {
    previous: previous?.label ?? null,
    rows: { name: 'rows', before: previous?.rowsStored ?? null, after: next.rowsStored },
    counts: changed(previous?.summary?.counts ?? {}, next.summary?.counts ?? {}),
    levels: changed(previous?.summary?.levels ?? {}, next.summary?.levels ?? {}),
  };
}

const number = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** "+1.5%" from before to after; null when it cannot be said (no figure before, or from zero). */
function percentChange(before: number | null, after: number | null): string | null {
  if (before === null || after === null || before === 0) return null;
  const pct = ((after - before) / Math.abs(before)) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/** A summary name in words: `medianAnnualPay` -> "median annual pay", `unit_groups` -> "unit groups". */
function spokenName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

function figureText(f: ChangedFigure): string {
  const name = spokenName(f.name);
  if (f.before === null) return `${name} ${f.after === null ? 'none' : number(f.after)} (new)`;
  if (f.after === null) return `${name} no longer given (was ${number(f.before)})`;
  const pct = percentChange(f.before, f.after);
  return `${name} ${number(f.before)} → ${number(f.after)}${pct ? ` (${pct})` : ''}`;
}

/** What a published edition changed, in plain words. */
export function describeDiff(diff: EditionDiff): string {
  const { rows } = diff;
  if (!diff.previous)
    return `First release of the source read: ${rows.after === null ? 'rows not counted' : `${number(rows.after)} rows`}.`;
  const parts: string[] = [];
  if (rows.before !== null && rows.after !== null) {
    const delta = rows.after - rows.before;
    parts.push(
      delta === 0
        ? `${number(rows.after)} rows, as many as ${diff.previous}`
        : `${number(rows.after)} rows, ${number(Math.abs(delta))} ${delta > 0 ? 'more' : 'fewer'} than ${diff.previous}`,
    );
  } else parts.push(`compared with ${diff.previous}`);
  if (diff.counts.length > 0) parts.push(`counts: ${diff.counts.map(figureText).join('; ')}`);
  if (diff.levels.length > 0) parts.push(`headline figures: ${diff.levels.map(figureText).join('; ')}`);
  else parts.push('no headline figure changed');
  return `${parts.join('. ')}.`;
}

/** Why a quarantined edition was held back, in plain words: its failed checks. */
export function describeQuarantine(checks: readonly Check[]): string {
  const failed = checks.filter((c) => c.status === 'fail');
  const reasons = failed.map((c) => (c.observed ? `${c.rule} (${c.observed})` : c.rule));
  return `Held back, not served: ${reasons.length > 0 ? reasons.join('; ') : 'no reason recorded'}. The previous release keeps serving.`;
}

/** One entry of the change feed, as stored, with the edition's state now. */
export interface ChangeEntry {
  editionId: string;
  sourceKey: string;
  label: string;
  kind: ChangeKind;
  /** The edition's state now: a published entry's edition may since have been superseded. */
  status: string;
  at: string;
  superseded: { id: string; label: string } | null;
  /** The release the diff compares with. */
  previous: { id: string; label: string } | null;
  diff: EditionDiff | null;
  summary: string;
}

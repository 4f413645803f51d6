import { html, type SafeHtml } from '../html.js';
import { round } from '../domain/numbers.js';

/**
 * Charts drawn on the server as inline SVG: no script, no client library, readable without CSS
 * (each has a <title> and its figures as text). Colours come from the stylesheet's classes.
 */

export const WIDTH = 640;

/** A linear scale from [lo, hi] onto [from, to]. */
function scale(lo: number, hi: number, from: number, to: number): (v: number) => number {
  const span = hi - lo || 1;
  return (v) => round(from + ((v - lo) / span) * (to - from), 1);
}

export function svg(
  id: string,
  title: string,
  height: number,
  body: SafeHtml,
  data: Record<string, string | number> = {},
): SafeHtml {
  const attributes = Object.entries(data).map(([name, value]) => html` data-${name}="${value}"`);
  return html`<svg class="chart" id="${id}" role="img" aria-labelledby="${id}-title" viewBox="0 0 ${WIDTH} ${height}" preserveAspectRatio="xMinYMin meet"${attributes}><title id="${id}-title">${title}</title>${body}</svg>`;
}

interface Percentile {
  /** `p10`...`p90`, `median`. */
  name: string;
  value: number | null;
}

const PERCENTILE_LABEL: Record<string, string> = { median: 'median' };
const label = (name: string) => PERCENTILE_LABEL[name] ?? `${name.slice(1)}th`;

/**
 * The spread of pay: a line from the lowest to the highest published percentile, a box from the
 * 25th to the 75th, a tick per published percentile and a bar at the median. Withheld percentiles
 * are left out of the drawing (the table beside it says they are withheld).
 */
export function distributionChart(id: string, percentiles: Percentile[], show: (v: number) => string): SafeHtml | null {
  const known = percentiles.filter((p): p is { name: string; value: number } => p.value !== null);
  const median = known.find((p) => p.name === 'median');
  if (!median || known.length < 2) return null;
  const values = known.map((p) => p.value);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = scale(lo, hi, 40, WIDTH - 40);
  const find = (name: string) => known.find((p) => p.name === name)?.value;
  const [q1, q3] = [find('p25'), find('p75')];
  const box =
    q1 !== undefined && q3 !== undefined
      ? html`<rect class="box" x="${x(q1)}" y="40" width="${round(x(q3) - x(q1), 1)}" height="36"/>`
      : null;
  const ticks = known.map(
    (p) =>
      html`<g class="tick"><line x1="${x(p.value)}" y1="52" x2="${x(p.value)}" y2="64"/><title>${label(p.name)} percentile: ${show(p.value)}</title></g>`,
  );
  const ends = [known[0]!, known[known.length - 1]!].map(
    (p, i) =>
      html`<text class="end" x="${x(p.value)}" y="100" text-anchor="${i === 0 ? 'start' : 'end'}">${label(p.name)}: ${show(p.value)}</text>`,
  );
  const body = html`<line class="whisker" x1="${x(lo)}" y1="58" x2="${x(hi)}" y2="58"/>${box}${ticks}<line class="median" x1="${x(median.value)}" y1="34" x2="${x(median.value)}" y2="82"/><text class="median-label" x="${x(median.value)}" y="24" text-anchor="middle">Median ${show(median.value)}</text>${ends}`;
  return svg(
    id,
    `Distribution: median ${show(median.value)}, ${label(known[0]!.name)} to ${label(known[known.length - 1]!.name)} percentile ${show(lo)} to ${show(hi)}`,
    110,
    body,
    { median: median.value },
  );
}

interface Point {
  label: string;
  value: number | null;
}

/** A line through the published points; a withheld point breaks the line and is marked "withheld". */
export function lineChart(id: string, title: string, points: Point[], show: (v: number) => string): SafeHtml | null {
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  if (values.length === 0) return null;
  const lo = Math.min(...values) * 0.9;
  const hi = Math.max(...values) * 1.05;
  const x = scale(0, Math.max(points.length - 1, 1), 60, WIDTH - 60);
  const y = scale(lo, hi, 150, 30);
  const segments: string[] = [];
  let current: string[] = [];
  points.forEach((p, i) => {
    if (p.value === null) {
      if (current.length > 1) segments.push(current.join(' '));
      current = [];
    } else current.push(`${x(i)},${y(p.value)}`);
  });
  if (current.length > 1) segments.push(current.join(' '));
  const lines = segments.map((s) => html`<polyline class="series" points="${s}"/>`);
  // With many points only some are labelled (every point keeps its value in a <title>), so labels never overlap.
  const step = Math.ceil(points.length / 8);
  const labelled = (i: number) => i % step === 0 || i === points.length - 1;
  const valued = (i: number) => points.length <= 8 || i === 0 || i === points.length - 1;
  const axisLabel = (p: Point, i: number) =>
    labelled(i) ? html`<text class="axis-label" x="${x(i)}" y="175" text-anchor="middle">${p.label}</text>` : null;
  const marks = points.map((p, i) =>
    p.value === null
      ? html`<text class="withheld-mark" x="${x(i)}" y="100" text-anchor="middle">withheld</text>${axisLabel(p, i)}`
      : html`<circle class="point" cx="${x(i)}" cy="${y(p.value)}" r="${points.length > 8 ? 2.5 : 4}"><title>${p.label}: ${show(p.value)}</title></circle>${valued(i) ? html`<text class="value" x="${x(i)}" y="${round(y(p.value) - 10, 1)}" text-anchor="middle">${show(p.value)}</text>` : null}${axisLabel(p, i)}`,
  );
  return svg(id, title, 185, html`<line class="axis" x1="40" y1="158" x2="${WIDTH - 40}" y2="158"/>${lines}${marks}`);
}

/** Horizontal bars against `max` (or the largest value); a withheld bar is written "withheld". */
export function barChart(
  id: string,
  title: string,
  bars: Point[],
  show: (v: number) => string,
  max?: number,
): SafeHtml | null {
  if (bars.length === 0) return null;
  const top = max ?? Math.max(...bars.map((b) => b.value ?? 0), 1);
  const w = scale(0, top, 0, WIDTH - 300);
  const rows = bars.map((b, i) => {
    const yTop = 8 + i * 26;
    const bar =
      b.value === null
        ? html`<text class="withheld-mark" x="210" y="${yTop + 14}">withheld</text>`
        : html`<rect class="bar" x="210" y="${yTop}" width="${Math.max(w(b.value), 1)}" height="18"><title>${b.label}: ${show(b.value)}</title></rect><text class="value" x="${round(216 + w(b.value), 1)}" y="${yTop + 14}">${show(b.value)}</text>`;
    return html`<text class="bar-label" x="200" y="${yTop + 14}" text-anchor="end">${b.label.length > 30 ? `${b.label.slice(0, 29)}…` : b.label}</text>${bar}`;
  });
  return svg(id, title, 16 + bars.length * 26, html`${rows}`);
}

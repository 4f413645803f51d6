import { html, type SafeHtml } from '../html.js';

const GROUPED = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** A figure in the unit the API states for it (`GBP per year`, `GBP per hour`, `hours per week`...). */
export function inUnit(value: number, unit: string): string {
  if (unit.startsWith('GBP'))
    return `£${unit.includes('hour') || unit.includes('week') ? PENCE.format(value) : GROUPED.format(value)}`;
  if (unit.startsWith('hours')) return `${ONE_DECIMAL.format(value)} h`;
  return ONE_DECIMAL.format(value);
}

export function count(value: number): string {
  return GROUPED.format(value);
}

export function percent(value: number): string {
  return `${ONE_DECIMAL.format(value)}%`;
}

/** A figure the publisher withheld (null) or one that must not be shown as a number (`presentable: false`). */
export function withheld(reason = 'withheld by the publisher'): SafeHtml {
  return html`<span class="withheld" title="${reason}">withheld</span>`;
}

/** What a figure's quality says about why it is not shown (the API's quality vocabulary). */
const NOT_SHOWN: Record<string, [text: string, reason: string]> = {
  unreliable: ['withheld', 'not presentable: too unreliable to show as a number'],
  withheld: ['withheld', 'withheld by the publisher'],
  incomplete: ['incomplete', 'not known: some of its parts are withheld'],
  'not-covered': ['not covered', 'the survey does not cover this group'],
  'not-published': ['not published', 'the release has no figure'],
};

/** The figure, or why not (by its quality, "withheld" by default) where it is null or not presentable. */
export function figure(
  value: number | null,
  show: (v: number) => string,
  presentable = true,
  quality?: string,
): SafeHtml {
  const why = quality === undefined ? undefined : NOT_SHOWN[quality];
  if (why && (value === null || !presentable)) return html`<span class="withheld" title="${why[1]}">${why[0]}</span>`;
  if (value === null) return withheld();
  if (!presentable) return withheld('not presentable: too unreliable to show as a number');
  return html`<span class="figure">${show(value)}</span>`;
}

/**
 * How sure the publisher is of a figure, in a reader's words (the API's quality band): what a table
 * cell shows. The band itself is one click away, in the section's "About these figures".
 */
const SURENESS: Record<string, string> = {
  precise: 'precise',
  reasonable: 'reliable',
  acceptable: 'rough: use with care',
  unassessed: 'precision not stated',
};

/** A figure's sureness in words, or nothing where the figure is not shown (its cell says why). */
export function sureness(band: string): SafeHtml | null {
  const words = SURENESS[band];
  return words === undefined ? null : html`<span class="quality quality-${band}">${words}</span>`;
}

/** The publisher's bands of the figures of a table, named for "About these figures". */
export function bandsNote(bands: readonly string[]): SafeHtml | null {
  const shown = [...new Set(bands)].filter((band) => SURENESS[band] !== undefined);
  if (shown.length === 0) return null;
  return html`<p class="bands"><strong>Quality:</strong> the publisher's band${shown.length > 1 ? 's' : ''} ${shown.map((band, i) => html`${i > 0 ? ', ' : ''}<code>${band}</code> (${SURENESS[band]})`)}; <a href="/docs/api.md">what the bands mean</a> ("Quality, nulls and errors").</p>`;
}

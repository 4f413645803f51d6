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

/** The publisher's quality band of a figure. */
export function quality(band: string): SafeHtml {
  return html`<span class="quality quality-${band.replace(/[^a-z]/g, '')}" title="quality band">${band}</span>`;
}

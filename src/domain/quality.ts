/** How far a figure can be trusted, in ONS's words: the publisher's band of a published figure. */
const QUALITY_BANDS = ['precise', 'reasonable', 'acceptable', 'unreliable'] as const;
export type QualityBand = (typeof QUALITY_BANDS)[number];

/** Why a figure has no publisher's band: each says one thing, never `unreliable`. */
const NO_BAND = ['unassessed', 'withheld', 'incomplete', 'not-covered', 'not-published'] as const;
export type NoBand = (typeof NO_BAND)[number];

export const QUALITIES = [...QUALITY_BANDS, ...NO_BAND] as const;
export type Quality = QualityBand | NoBand;

/** The rule, as the OpenAPI descriptions and READMEs state it. */
export const QUALITY_DOC =
  "The publisher's band of a published figure: `precise`, `reasonable`, `acceptable` (ASHE: CV up to 5, 10, 20%; APS: from the 95% interval, or an industry cell unshaded = reasonable, shaded = acceptable) or `unreliable` (the publisher says so: CV over 20%, ASHE `x`, APS `*`). Where there is no band: `unassessed` (published, but the release gives no measure of precision), `withheld` (withheld for another reason: ASHE `..` disclosive, Nomis `Q`, every part suppressed), `incomplete` (a total not known because some of its parts are withheld), `not-covered` (the survey does not cover the group: ASHE `:`) or `not-published` (the release has no figure and gives no reason). `presentable` is true only for a figure with a value and quality precise, reasonable, acceptable or unassessed.";

const PRESENTABLE: readonly Quality[] = ['precise', 'reasonable', 'acceptable', 'unassessed'];

/** Whether a figure may be shown: it has a value and its quality allows it. */
export function isPresentable(quality: Quality, figure: number | null): boolean {
  return figure !== null && PRESENTABLE.includes(quality);
}

/**
 * ONS's key for the coefficient of variation (CV, percent) of an ASHE estimate: CV <= 5% precise,
 * 5-10% reasonably precise, 10-20% acceptable, over 20% unreliable (and suppressed).
 */
export function cvBand(cv: number): QualityBand {
  if (cv <= 5) return 'precise';
  if (cv <= 10) return 'reasonable';
  if (cv <= 20) return 'acceptable';
  return 'unreliable';
}

/** An APS count's band from its 95% interval half-width: the CV is half-width / 1.96 / count. */
export function apsIntervalBand(count: number, halfWidth: number): QualityBand {
  return count > 0 ? cvBand((halfWidth / 1.96 / count) * 100) : 'unreliable';
}

/** What an ONS spreadsheet marker in place of a figure says: `x` unreliable, `..` disclosive, `:` not applicable. */
export function onsMarkerQuality(marker: string | null): Quality {
  switch (marker?.trim().toLowerCase()) {
    case 'x':
      return 'unreliable';
    case '..':
      return 'withheld';
    case ':':
      return 'not-covered';
    default:
      return 'not-published';
  }
}

/** How far a figure can be trusted, in ONS's words. */
export const QUALITY_BANDS = ['precise', 'reasonable', 'acceptable', 'unreliable'] as const;
export type QualityBand = (typeof QUALITY_BANDS)[number];

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

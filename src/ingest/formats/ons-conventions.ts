import type { Cell } from './workbook.js';

/**
 * ONS spreadsheet conventions for a withheld figure: `x` (unreliable, CV over 20%, or
 * disclosive), `..` (disclosive), `:` (not applicable), `.` (unavailable), and a blank cell.
 * A withheld figure is null, never 0.
 */
export const ONS_SUPPRESSION_MARKERS = ['x', '..', ':', '.', ''] as const;

export class UnexpectedCellError extends Error {
  override name = 'UnexpectedCellError';
}

/** A published figure, or null when ONS withheld it; any other text is not in the publisher's layout. */
export function onsFigure(cell: Cell | undefined): number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'boolean') throw new UnexpectedCellError(`a true/false cell where a figure belongs`);
  const text = cell.trim();
  if ((ONS_SUPPRESSION_MARKERS as readonly string[]).includes(text.toLowerCase())) return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  throw new UnexpectedCellError(`"${text}" is neither a figure nor an ONS suppression marker`);
}

export type QualityBand = 'precise' | 'reasonable' | 'acceptable' | 'unreliable';

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

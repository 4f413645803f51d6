import type { Cell } from './workbook.js';

/**
 * ONS spreadsheet conventions for a withheld figure: `x` (unreliable, CV over 20%, or
 * disclosive), `..` (disclosive), `:` (not applicable), `.` (unavailable), and a blank cell.
 * A withheld figure is null, never 0.
 */
const ONS_SUPPRESSION_MARKERS = ['x', '..', ':', '.', ''] as const;

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

/**
 * Calendar quarters (`2024 Q4`) and months (`2024-10`), the periods the visa and job-advert
 * releases publish figures for: labels, order and ranges.
 */

interface Quarter {
  year: number;
  /** 1 to 4. */
  quarter: number;
}

const QUARTER_LABEL = /^(\d{4}) Q([1-4])$/;
const MONTH_LABEL = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `2024 Q4`, the form the responses use. */
function quarterLabel({ year, quarter }: Quarter): string {
  return `${year} Q${quarter}`;
}

export function parseQuarter(label: string): Quarter {
  const match = QUARTER_LABEL.exec(label);
  if (!match) throw new Error(`"${label}" is not a quarter of the form YYYY Qn`);
  return { year: Number(match[1]), quarter: Number(match[2]) };
}

/** The quarter `offset` quarters after (negative: before) `label`. */
export function shiftQuarter(label: string, offset: number): string {
  const { year, quarter } = parseQuarter(label);
  const index = year * 4 + (quarter - 1) + offset;
  return quarterLabel({ year: Math.floor(index / 4), quarter: (index % 4) + 1 });
}

/** Every quarter from `first` to `last`, oldest first (empty when `last` is before `first`). */
export function quartersFrom(first: string, last: string): string[] {
  const quarters: string[] = [];
  for (let q = first; compareQuarters(q, last) <= 0; q = shiftQuarter(q, 1)) quarters.push(q);
  return quarters;
}

export function compareQuarters(a: string, b: string): number {
  const [x, y] = [parseQuarter(a), parseQuarter(b)];
  return x.year - y.year || x.quarter - y.quarter;
}

/** The month `offset` months after (negative: before) `label` (`YYYY-MM`). */
export function shiftMonth(label: string, offset: number): string {
  const match = MONTH_LABEL.exec(label);
  if (!match) throw new Error(`"${label}" is not a month of the form YYYY-MM`);
  const index = Number(match[1]) * 12 + (Number(match[2]) - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every month from `first` to `last`, oldest first (`YYYY-MM` labels order as text). */
export function monthsFrom(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last; m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** The `count` periods ending with `last`, oldest first. */
export function periodsEndingWith(
  last: string,
  count: number,
  shift: (label: string, offset: number) => string,
): string[] {
  return Array.from({ length: count }, (_, i) => shift(last, i - count + 1));
}

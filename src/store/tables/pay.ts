import type { AsheFigure } from '../../domain/pay.js';

/** ASHE releases and their figures. */
export interface PayTables {
  ashe_releases: AsheReleasesTable;
  ashe_pay: AshePayTable;
}

/** One ASHE release (Table 14 or 15): its reference year and whether it is provisional. */
export interface AsheReleasesTable {
  edition_id: string;
  year: number;
  /** 1 for a provisional release, 0 for a revised one. */
  provisional: number;
}

/** `jobsThousands` -> `jobs_thousands`: the column of a domain field. */
type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/** One column per ASHE figure (`median`, `p10`, `jobs_thousands`...), as the domain lists them. */
export type AsheFigureColumns = { [K in AsheFigure as SnakeCase<K>]: number | null };

/**
 * One ASHE row: an occupation's figures for one measure, sex and work pattern in one area (`uk`
 * for Table 14, a region slug for Table 15). Null where ONS withheld the figure.
 */
export interface AshePayTable extends AsheFigureColumns {
  edition_id: string;
  area: string;
  soc: string;
  measure: string;
  sex: string;
  pattern: string;
  /** Coefficient of variation of the median, percent, from the `b` workbook; null where ONS gives none. */
  median_cv: number | null;
  /** The ONS marker in the median's place (`x`, `..`, `:`); null when published or read before migration 015. */
  median_marker: string | null;
}

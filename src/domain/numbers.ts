/** Rounding, percentages and byte sizes, written once so every figure and message rounds alike. */

/** `value` rounded half up to `places` decimal places (`round(12.345, 1)` is 12.3). */
export function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** A share (0.123) as a percentage rounded to `places` (12.3), in one rounding step from the share. */
export function percent(share: number, places: number): number {
  return Math.round(share * 10 ** (places + 2)) / 10 ** places;
}

/** A share (0.123) as text with `places` decimals: `12.3%`. */
export function percentText(share: number, places: number): string {
  return `${(share * 100).toFixed(places)}%`;
}

const KIB = 1024;
const MIB = 1024 * 1024;

/** A size for progress lines: `512 B`, `3.4 KiB`, `12.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KiB`;
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** A size in mebibytes to at most one decimal, for limits and checks: `32 MiB`, `0.5 MiB`. */
export function mebibytes(bytes: number): string {
  return `${round(bytes / MIB, 1)} MiB`;
}

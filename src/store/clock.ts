/** Timestamps are stored as ISO 8601 text (UTC, millisecond precision) in both dialects. */
export function nowIso(): string {
  return new Date().toISOString();
}

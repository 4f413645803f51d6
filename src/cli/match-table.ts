import type { OccupationMatch } from '../schemas/occupations.js';

/** Search matches as a plain table for the terminal. */
export function matchTable(matches: OccupationMatch[]): string {
  if (matches.length === 0) return 'no matches';
  const rows = matches.map((m, i) => [
    String(i + 1),
    m.soc2020,
    m.confidence.toFixed(3),
    m.matchType,
    m.qualifier ? `${m.matchedTitle} (${m.qualifier})` : m.matchedTitle,
    m.title,
  ]);
  const header = ['#', 'SOC', 'conf.', 'match', 'matched title', 'unit group'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

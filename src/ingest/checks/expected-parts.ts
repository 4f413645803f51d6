import type { Check } from '../../domain/editions.js';

/**
 * Every part a release must have (sheets, columns, years, tables) is there: a renamed sheet or a
 * dropped year fails here instead of leaving a silent gap in what is served.
 */
export function everyExpectedPresent(what: string, expected: readonly string[], found: Iterable<string>): Check[] {
  const present = new Set(found);
  const missing = expected.filter((part) => !present.has(part));
  if (missing.length === 0) return [];
  return [
    {
      rule: `every expected ${what} is present (${expected.join(', ')})`,
      status: 'fail',
      observed: `missing: ${missing.join(', ')}; found: ${[...present].join(', ') || 'none'}`,
    },
  ];
}

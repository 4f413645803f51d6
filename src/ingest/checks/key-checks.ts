import type { Check } from '../../domain/editions.js';

/** A `fail` check when a key that must be unique repeats; none when every key is once. */
export function eachKeyOnce(rule: string, keys: Iterable<string>): Check[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of keys) (seen.has(key) ? repeated : seen).add(key);
  return repeated.size === 0
    ? []
    : [
        {
          rule,
          status: 'fail',
          observed: `repeated: ${[...repeated].slice(0, 10).join(', ')}${repeated.size > 10 ? ` and ${repeated.size - 10} more` : ''}`,
        },
      ];
}

/** A `fail` check when there are fewer rows than a real release has ever had (a truncated file). */
export function atLeast(rule: string, found: number, minimum: number): Check[] {
  return found >= minimum ? [] : [{ rule, status: 'fail', observed: `${found}` }];
}

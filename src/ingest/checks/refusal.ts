import type { Check } from '../../domain/editions.js';

/**
 * Thrown by a parser that can tell early, from a failed check, that the release must not publish
 * (a wrong reference year in the file names, say), so as not to read the rest of it. The pipeline
 * quarantines the release with these checks, as if `check` had returned them.
 */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
  constructor(readonly checks: Check[]) {
    super(checks.map((c) => `${c.rule}${c.observed ? ` (observed: ${c.observed})` : ''}`).join('; '));
  }
}

/** Throws ReleaseRefused when any of the checks failed; otherwise returns them. */
export function refuseOnFailure(checks: Check[]): Check[] {
  if (checks.some((c) => c.status === 'fail')) throw new ReleaseRefused(checks);
  return checks;
}

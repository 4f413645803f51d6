import assert from 'node:assert/strict';
import { Problem, type ProblemKind } from '../../src/domain/problems.js';

/** Awaits a query that must fail with a problem of this kind (and a detail matching, when given); returns the problem. */
export async function rejectsWithProblem(work: Promise<unknown>, kind: ProblemKind, detail?: RegExp): Promise<Problem> {
  let thrown: unknown;
  await assert.rejects(work, (error: unknown) => {
    thrown = error;
    return true;
  });
  assert.ok(thrown instanceof Problem, `expected a Problem, got ${String(thrown)}`);
  assert.equal(thrown.kind, kind, thrown.detail);
  if (detail) assert.match(thrown.detail, detail);
  return thrown;
}

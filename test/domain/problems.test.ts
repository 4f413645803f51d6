import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Problem } from '../../src/domain/problems.js';

describe('Problem', () => {
  it('a client problem (4xx) has no stack frames; a problem of ours (5xx) keeps them; the limit is restored', () => {
    const limit = Error.stackTraceLimit;
    const rateLimited = new Problem('rate-limited', 'over the limit', { retryAfter: 3 });
    assert.equal(rateLimited.stack, 'Problem: over the limit');
    assert.equal(rateLimited.status, 429);
    assert.equal(rateLimited.extras.retryAfter, 3);
    assert.ok(rateLimited instanceof Error);
    assert.match(new Problem('internal-error', 'broken').stack ?? '', /\n\s+at /);
    assert.equal(Error.stackTraceLimit, limit);
  });
});

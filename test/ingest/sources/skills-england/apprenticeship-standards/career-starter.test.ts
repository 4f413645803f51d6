import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseApprenticeshipStandards } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards/parse.js';

/**
 * `careerStarter` is one of the 79 keys of a Skills England API record (`_publishers/MANIFEST.md`
 * §2e, from a live ST0499 response listed by rchambers-dev/GTA-Portal); its JSON type was not
 * recorded. The array is built here: a boolean is kept, anything else is not the publisher's flag.
 */
describe('apprenticeship standards: careerStarter', () => {
  const record = (reference: string, careerStarter: unknown) => ({
    referenceNumber: reference,
    title: `Standard ${reference}`,
    level: 3,
    status: 'Approved for delivery',
    version: '1.0',
    careerStarter,
  });

  it("keeps the API's boolean and leaves anything else null", () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify([
        record('ST0001', true),
        record('ST0002', false),
        record('ST0003', 'yes'),
        record('ST0004', undefined),
      ]),
    );
    const release = parseApprenticeshipStandards(bytes, '2026-10-01T08:00:00.000Z');
    assert.deepEqual(
      release.standards.map((s) => [s.code, s.careerStarter]),
      [
        ['ST0001', true],
        ['ST0002', false],
        ['ST0003', null],
        ['ST0004', null],
      ],
    );
  });
});

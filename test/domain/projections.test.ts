import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  LITTLE_CHANGE_JOBS,
  PROJECTION_AREA_SLUGS,
  nearestThousandJobs,
  projectionArea,
  projectionDirection,
} from '../../src/domain/projections.js';

describe('projection vocabulary', () => {
  it('calls a net change under 1,000 jobs either way little change, and anything from 1,000 up growing or declining', () => {
    assert.equal(LITTLE_CHANGE_JOBS, 1_000);
    const cases: Array<[number, string]> = [
      [0, 'little change'],
      [999.99, 'little change'],
      [-999.99, 'little change'],
      [500, 'little change'],
      [1_000, 'growing'],
      [1_000.01, 'growing'],
      [342_435.36, 'growing'],
      [-1_000, 'declining'],
      [-1_000.01, 'declining'],
      [-4_343.7, 'declining'],
    ];
    for (const [jobs, direction] of cases) assert.equal(projectionDirection(jobs), direction, String(jobs));
  });

  it('rounds thousands to whole jobs at the nearest 1,000, never giving -0', () => {
    assert.equal(nearestThousandJobs(1898.9978151049093), 1_899_000);
    assert.equal(nearestThousandJobs(342.4353634591264), 342_000);
    assert.equal(nearestThousandJobs(1.5), 2_000);
    assert.equal(nearestThousandJobs(1.4999), 1_000);
    assert.equal(nearestThousandJobs(-4.3436953863813415), -4_000);
    assert.ok(Object.is(nearestThousandJobs(-0.4), 0));
    assert.ok(Object.is(nearestThousandJobs(0.4), 0));
  });

  it('names every area of the spec with its GSS code', () => {
    assert.equal(PROJECTION_AREA_SLUGS.length, 14);
    assert.deepEqual(projectionArea('england'), { code: 'E92000001', slug: 'england', name: 'England' });
    assert.deepEqual(projectionArea('uk'), { code: 'K02000001', slug: 'uk', name: 'United Kingdom' });
    assert.deepEqual(projectionArea('northern-ireland'), {
      code: 'N92000002',
      slug: 'northern-ireland',
      name: 'Northern Ireland',
    });
    for (const slug of PROJECTION_AREA_SLUGS) assert.equal(projectionArea(slug).slug, slug);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CodingIndexRecord } from '../../src/domain/soc.js';
import { bag } from '../../src/search/text-vectors.js';
import { placeProfiles } from '../../src/queries/how-to-become/job-profiles.js';
import type { PlacementInputs } from '../../src/queries/how-to-become/profile-placement.js';
import { offThread } from '../../src/queries/off-thread.js';

const record = (soc2020: string, naturalTitle: string): CodingIndexRecord => ({
  uniqueId: `${soc2020}-${naturalTitle}`,
  recordNumber: 1,
  defaultFlag: null,
  soc2020,
  soc2020Extended: `${soc2020}/00`,
  indexedTitle: naturalTitle,
  naturalTitle,
  add: null,
  ind: null,
  see: null,
  isco08: null,
  qualifier: null,
});

/** Two unit groups and two profiles: enough for placements to differ by group. */
const inputs: PlacementInputs = {
  unitGroupBags: new Map([
    ['2134', bag([['Programmers and software development professionals write code', 3]])],
    ['6131', bag([['Nursing auxiliaries and assistants care for patients', 3]])],
  ]),
  records: [record('2134', 'Software developer'), record('6131', 'Nursing assistant')],
  shares: null,
  subjects: [
    {
      slug: 'software-developer',
      title: 'Software developer',
      alternativeTitles: [],
      text: ['Write code'],
      soc2010: null,
    },
    {
      slug: 'nursing-assistant',
      title: 'Nursing assistant',
      alternativeTitles: [],
      text: ['Care for patients'],
      soc2010: null,
    },
  ],
};

/** The module that exports the placements build, as job-profiles.ts names itself to offThread. */
const JOB_PROFILES = new URL('../../src/queries/how-to-become/job-profiles.ts', import.meta.url).href;

describe('offThread', () => {
  it('runs a build in a worker thread and gives back what the same build gives on this one', async () => {
    const there = await offThread<Awaited<ReturnType<typeof placeProfiles>>>(JOB_PROFILES, 'placeProfiles', inputs);
    const here = await placeProfiles(inputs);
    assert.ok(there instanceof Map, 'Maps cross as Maps');
    assert.deepEqual([...there.keys()].sort(), ['2134', '6131']);
    assert.deepEqual(there, here);
  });

  it('rejects, naming the build, when the build fails or does not exist', async () => {
    await assert.rejects(offThread(JOB_PROFILES, 'noSuchBuild', {}), /no build named noSuchBuild/);
    await assert.rejects(offThread(JOB_PROFILES, 'placeProfiles', { subjects: null }), /TypeError/);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkJobProfiles } from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/checks.js';
import { parseJobProfiles } from '../../../../../src/ingest/sources/ncs/ncs-job-profiles/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const real = (name: string) => new Uint8Array(readFileSync(upstreamPath(`ncs-job-profiles/${name}`)));

describe('NCS job profiles as published in 2026', () => {
  const release = parseJobProfiles(real('ncs-profiles.json'), real('ncs-job-profile-slugs.json'));

  it('reads the 120 pages and the 737 live slugs (one of which ends in a hyphen), and passes its checks', () => {
    assert.equal(release.profiles.length, 120);
    assert.equal(release.liveSlugs.length, 737);
    assert.ok(release.liveSlugs.includes('production-manager-manufacturing-'));
    assert.equal(release.retrievedFrom, '2026-09-28');
    assert.deepEqual(checkJobProfiles(release), []);
  });

  it("takes the page's titles, routes listed and entry requirements; More information split at its headings", () => {
    const profile = release.profiles.find((p) => p.slug === 'software-developer')!;
    assert.equal(profile.apprenticeshipsNamed[2], 'Software Developer Level 4 Higher Apprenticeship');
    assert.deepEqual([profile.tasks, profile.onetSoc2010], [[], null]);
    assert.deepEqual(profile.alternativeTitles, ['Programmer']);
    assert.equal(profile.routesIntro, 'You can get into this job through:');
    assert.deepEqual(profile.routesListed, [
      'a university course',
      'a college course',
      'an apprenticeship',
      'a graduate training scheme',
    ]);
    assert.deepEqual(
      profile.routes.map((r) => r.kind),
      ['university', 'college', 'apprenticeship', 'other_routes', 'more_information'],
    );
    assert.deepEqual(profile.routes[1]!.blocks, [
      {
        heading: 'Entry requirements',
        parts: [
          {
            text: null,
            items: [
              '4 or 5 GCSEs at grades 9 to 4 (A* to C), or equivalent, including English and maths for a T Level',
            ],
          },
        ],
      },
    ]);
    assert.deepEqual(
      profile.routes.at(-1)!.blocks.map((b) => b.heading),
      ['Career tips', 'Further information'],
    );
    const nurse = release.profiles.find((p) => p.slug === 'nurse')!;
    assert.deepEqual(nurse.requirements, [
      "you'll need to register with the Nursing and Midwifery Council",
      'pass enhanced background checks',
    ]);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apprenticeshipStandardsSource } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards/descriptor.js';
import { parseApprenticeshipStandards } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';
import { standardsRoutes, STANDARDS_API } from '../../../../helpers/publisher-double/routes-skills-england.js';
import { bodyOf, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';

describe('Skills England apprenticeship standards', () => {
  const release = parseApprenticeshipStandards(
    new Uint8Array(readFileSync(upstreamPath('ifate-standards/apprenticeship-standards.json'))),
  );

  it('reads the 157 standards approved for delivery, with what the file has and nothing else', () => {
    assert.equal(release.standards.length, 157);
    assert.equal(release.retrievedAt, '2026-09-29T17:39:53.366Z');
    assert.deepEqual(
      release.standards.find((s) => s.code === 'ST0116'),
      {
        code: 'ST0116',
        name: 'Software developer',
        level: 4,
        status: 'Approved for delivery',
        route: 'Digital',
        typicalJobTitles: [
          'Web developer',
          'Application developer',
          'Mobile application developer',
          'Software developer',
        ],
        url: 'https://skillsengland.education.gov.uk/apprenticeships/st0116-v1-2',
        durationMonths: 24,
        version: '1.2',
        larsCode: 2,
        maxFunding: 18000,
        approvedForDelivery: '2014-11-12T00:00:00 +00:00',
        // The mirror's copy has no careerStarter field: null, never a guessed false.
        careerStarter: null,
        // Nor the detail the institute's full API answers give (apprenticeship-standards-2023).
        detail: null,
      },
    );
    assert.deepEqual(
      apprenticeshipStandardsSource.check(release, {
        label: '',
        seriesKey: null,
        location: { mirrorPath: '', url: '' },
      }),
      [],
    );
  });

  it('refuses a standard whose key and reference differ', () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({
        source: { retrievedAt: '2026-09-29T00:00:00Z' },
        standards: { ST0001: { referenceNumber: 'ST0002', title: 'x' } },
      }),
    );
    assert.throws(() => parseApprenticeshipStandards(bytes), /reference number is "ST0002"/);
  });

  describe("the API's array of every version of every standard (field names from third-party clients)", () => {
    const table = routes(standardsRoutes());
    const api = parseApprenticeshipStandards(bodyOf([...table.values()][0]!), '2026-10-01T08:00:00.000Z');
    const ref = { label: '', seriesKey: null, location: { mirrorPath: '', url: '' } };

    it('keeps one entry per standard, its latest version, with the statuses as given', () => {
      assert.equal(api.standards.length, 157 + 3);
      assert.deepEqual(
        api.standards.find((s) => s.code === 'ST0116'),
        release.standards.find((s) => s.code === 'ST0116'),
        'the API names (standardPageUrl, typicalDuration) read as the mirror',
      );
      const first = release.standards[0]!;
      assert.equal(api.standards.find((s) => s.code === first.code)!.version, first.version, 'not the retired 0.9');
      const st9901 = api.standards.find((s) => s.code === 'ST9901')!;
      assert.deepEqual([st9901.version, st9901.status], ['1.1', 'Retired']);
      assert.deepEqual(
        ['ST9902', 'ST9903'].map((c) => api.standards.find((s) => s.code === c)!.status),
        ['Withdrawn', 'In development'],
      );
    });

    it('passes its checks and says how many are approved', () => {
      assert.deepEqual(apprenticeshipStandardsSource.check(api, ref), []);
      assert.equal(
        apprenticeshipStandardsSource.labelOf!(api),
        'Apprenticeship standards (Skills England API): 160 standards, 157 approved for delivery, retrieved 2026-10-01',
      );
      assert.equal(
        apprenticeshipStandardsSource.labelOf!(release),
        'Apprenticeship standards approved for delivery, 157 retrieved 2026-09-29',
      );
    });

    it('discovers the API address, with a cap that fits its ~78 MB', async () => {
      const { releases } = await apprenticeshipStandardsSource.discover!(
        routeContext('apprenticeship-standards', table),
      );
      assert.equal(releases[0]!.location.url, STANDARDS_API);
      assert.ok(apprenticeshipStandardsSource.limits!.maxFileBytes! >= 78 * 1024 * 1024);
    });

    it('refuses an element that is not a standard', () => {
      const odd = new TextEncoder().encode('[{"referenceNumber": "ST0001", "title": "x"}, [1, 2]]');
      assert.throws(() => parseApprenticeshipStandards(odd), /element 2: not an object/);
      const noRef = new TextEncoder().encode('[{"title": "x"}]');
      assert.throws(() => parseApprenticeshipStandards(noRef), /element 1: the reference number is "undefined"/);
    });
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apprenticeshipStandardsSource } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards/descriptor.js';
import { parseApprenticeshipStandards } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

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
});

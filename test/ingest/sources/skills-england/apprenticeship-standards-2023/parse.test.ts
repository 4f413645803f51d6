import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apprenticeshipStandards2023Source } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards-2023/descriptor.js';
import { parseApprenticeshipStandards2023 } from '../../../../../src/ingest/sources/skills-england/apprenticeship-standards-2023/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const FILE = 'ifate-standards-2023/apprenticeship-standards-2023-01.json';

describe("the institute's API answers of January 2023", () => {
  const bytes = new Uint8Array(readFileSync(upstreamPath(FILE)));
  const release = parseApprenticeshipStandards2023(bytes);
  const ref = { label: '', seriesKey: null, location: { mirrorPath: '', url: '' } };

  it('reads 690 standards, one per reference, dated by the latest answer, and passes its checks', () => {
    assert.equal(release.standards.length, 690);
    assert.equal(release.retrievedAt, '2023-01-17T00:00:00.000Z');
    assert.deepEqual(apprenticeshipStandards2023Source.check(release, ref), []);
    assert.equal(
      apprenticeshipStandards2023Source.labelOf!(release),
      "Apprenticeship standards as of January 2023 (institute's API answers): 690 standards, 528 then approved for delivery, last updated 2023-01-17",
    );
  });

  it('keeps what the answer adds: overview, entry requirements, regulator, recognition, degree, career starter', () => {
    const st0005 = release.standards.find((s) => s.code === 'ST0005')!;
    assert.deepEqual(
      [st0005.name, st0005.level, st0005.status, st0005.durationMonths, st0005.version, st0005.careerStarter],
      ['Adult care worker', 2, 'Approved for delivery', 12, '1.1', false],
    );
    assert.deepEqual(st0005.typicalJobTitles, [
      'Adult Care Worker',
      'Personal Assistant',
      'carer',
      'adult carer',
      'care assistant',
      'care worker',
    ]);
    assert.match(st0005.detail!.overview!, /^Providing frontline care for vulnerable adults/);
    assert.equal(st0005.detail!.pathway, 'Care Services');
    // The dental nurse's last 2023 answer is its retired record, with its regulator and degree.
    const st0113 = release.standards.find((s) => s.code === 'ST0113')!;
    assert.deepEqual([st0113.status, st0113.detail!.regulatedBy], ['Retired', 'General Dental Council']);
    // A career starter, and recognition and qualifications read from their objects' names.
    assert.equal(release.standards.find((s) => s.code === 'ST0454')!.careerStarter, true);
    const recognised = release.standards.filter((s) => s.detail!.professionalRecognition.length > 0);
    assert.ok(recognised.length > 50, String(recognised.length));
    assert.ok(recognised.every((s) => s.detail!.professionalRecognition.every((r) => !r.includes('{'))));
    const degrees = new Set(release.standards.map((s) => s.detail!.degree));
    assert.deepEqual([...degrees].sort(), ['integrated', 'separate', null].sort());
    // HTML the API escaped is plain text.
    assert.ok(release.standards.every((s) => !/&lt;|<p>/.test(s.detail!.overview ?? '')));
  });

  it('refuses an answer of a layout never seen, naming the first key that did not match', () => {
    const json = JSON.parse(new TextDecoder().decode(bytes)) as { standards: Record<string, unknown>[] };
    const first = json.standards[0]!;
    const renamed = Object.fromEntries(
      Object.entries(first).map(([k, v]) => [k === 'typicalJobTitles' ? 'jobTitles' : k, v]),
    );
    const encode = (standards: unknown[]) => new TextEncoder().encode(JSON.stringify({ standards }));
    assert.throws(
      () => parseApprenticeshipStandards2023(encode([renamed])),
      /answer 1: no key "typicalJobTitles" \(a layout never seen\)/,
    );
    assert.throws(
      () => parseApprenticeshipStandards2023(encode([{ ...first, integratedDegree: 'degree apprenticeship' }])),
      /integratedDegree "degree apprenticeship" is not a value seen/,
    );
    assert.throws(() => parseApprenticeshipStandards2023(encode([{ ...first, careerStarter: 'no' }])), /careerStarter/);
    assert.throws(
      () => parseApprenticeshipStandards2023(new TextEncoder().encode('{"standards": {}}')),
      /no "standards" list/,
    );
  });
});

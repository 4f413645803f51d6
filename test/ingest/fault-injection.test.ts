/**
 * Fault injection: a copy of the real files broken in one class at a time (wrong year, truncated,
 * rescaled, rows or a sheet missing, re-encoded, oversized, zip and gzip bombs, a parse over its
 * memory) is ingested by the real pipeline, parsing in its worker, into a copy of the template
 * while the app serves it. Each must be quarantined with a reason naming the check and the
 * figures, the previous edition must keep serving, and the process must carry on.
 */
import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { truncateSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import type { Edition } from '../../src/domain/editions.js';
import { ingestSources, type SourceResult } from '../../src/ingest/pipeline.js';
import { findSource } from '../../src/ingest/registry.js';
import type { ReadLimits } from '../../src/ingest/read-limits.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { listCurrentEditions } from '../../src/store/editions.js';
import {
  gzipBomb,
  halfTheRows,
  withZipComment,
  realFile,
  reencodedLatin1,
  renamedSheet,
  rescaledCsv,
  truncated,
  zipBombAmong,
} from '../helpers/broken-files.js';
import { servedFromTemplate, type ServedApp } from '../helpers/served-app.js';
import { makeMirror } from '../helpers/upstream.js';

const MiB = 1024 * 1024;
const ASHE_2024 = 'ashe-table14/ashetable142024provisional.zip';

interface Fault {
  name: string;
  source: string;
  /** Writes the broken release into the mirror folder at `root`. */
  write(mirror: ReturnType<typeof makeMirror>): void;
  /** A failed check's rule and observation must match these. */
  rule: RegExp;
  observed: RegExp;
  /** A keyed route the previous edition keeps answering. */
  serving: string;
  limits?: Partial<ReadLimits>;
}

const FAULTS: Fault[] = [
  {
    name: 'an older release saved under a newer name (the 2023 ASHE zip as the 2024 one)',
    source: 'ashe-table14',
    // Bytes never read before (the real 2023 zip with a comment added); the same bytes as the 2023 edition would be `unchanged`.
    write: (m) =>
      m.write(ASHE_2024, withZipComment(realFile('ashe-table14/ashetable142023provisional.zip'), 'renamed')),
    rule: /^the reference year stated inside the files is the release's \(2024\)$/,
    observed: /^2023 in 22 of 22 places, e\.g\. the workbook "PROV - Occupation SOC20 \(4\) Table 14\./,
    serving: '/v1/occupations/2134/pay',
  },
  {
    name: 'a truncated zip',
    source: 'ashe-table14',
    write: (m) => m.write(ASHE_2024, truncated(ASHE_2024)),
    rule: /^the file can be read in the publisher's layout$/,
    observed: /not a readable zip: no end of central directory \(a truncated file\?\)/,
    serving: '/v1/occupations/2134/pay',
  },
  {
    name: 'a zip bomb (a workbook entry inflating to 200 MiB, its directory claiming 100 bytes)',
    source: 'ashe-table14',
    write: (m) => m.write(ASHE_2024, zipBombAmong(ASHE_2024, 'Table 14.1a   Weekly pay - Gross 2024.xlsx', 200 * MiB)),
    rule: /^reading the release stays within the source's limits \(384 MB of memory, 600 s, 128 MiB unpacked\)$/,
    observed: /Table 14\.1a .* unpacks to more than 128 MiB, the limit for this source/,
    serving: '/v1/occupations/2134/pay',
  },
  {
    name: 'a gzip bomb (skills_en.csv.gz inflating to 200 MiB)',
    source: 'esco-skills',
    write: (m) => m.write('esco/skills_en.csv.gz', gzipBomb(200 * MiB)),
    rule: /^reading the release stays within the source's limits/,
    observed: /^ESCO skills unpacks to more than 128 MiB, the limit for this source$/,
    serving: '/v1/occupations/2134/skills',
  },
  {
    name: 'figures rescaled x1000 (a unit change upstream)',
    source: 'ess-vacancies',
    write: (m) =>
      m.write(
        'ess/data-employer-skills-survey.csv',
        rescaledCsv('ess/data-employer-skills-survey.csv', ['vac_sum', 'htfv_sum', 'ssv_sum'], 1000),
      ),
    rule: /^median vacancies of a unit group in the latest survey moves by at most a factor of 3 from the previous release$/,
    observed: / against [\d,.]+ in Employer Skills Survey .* \(x1,000\)$/,
    serving: '/v1/occupations/2134/vacancies',
  },
  {
    name: 'half the rows missing (O*NET Interests.txt)',
    source: 'onet-interests',
    write: (m) => m.write('onet/Interests.txt', halfTheRows('onet/Interests.txt')),
    rule: /^ratings falls by at most 20% from the previous release$/,
    observed: /^[\d,]+, down 5\d% from [\d,]+ in O\*NET Interests, 923 occupations/,
    serving: '/v1/occupations/2231/work-profile',
  },
  {
    name: 'a renamed sheet (APS 2024)',
    source: 'aps-occupation-industry',
    write: (m) =>
      m.write(
        'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
        renamedSheet(
          'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
          '2024',
          '2024 (revised)',
        ),
      ),
    rule: /^every expected year sheet is present \(2021, 2022, 2023, 2024\)$/,
    observed: /^missing: 2024; found: .*2023, 2024 \(revised\)/,
    serving: '/v1/occupations/2134/employment',
  },
  {
    name: 'a CSV re-encoded as Latin-1 (ESCO occupations)',
    source: 'esco-occupations',
    write: (m) => m.write('esco/occupations_en.csv', reencodedLatin1('esco/occupations_en.csv')),
    rule: /^the file can be read in the publisher's layout$/,
    observed: /^ESCO occupations: not valid UTF-8 at byte \d+/,
    serving: '/v1/occupations/2134/skills',
  },
  {
    name: 'an oversized file (40 MiB where the source reads at most 32 MiB)',
    source: 'ess-vacancies',
    write: (m) => {
      m.write('ess/data-employer-skills-survey.csv', realFile('ess/data-employer-skills-survey.csv'));
      truncateSync(path.join(m.root, 'ess/data-employer-skills-survey.csv'), 40 * MiB);
    },
    rule: /^the file is at most 32 MiB, the size this source reads$/,
    observed: /^40 MiB \(41943040 bytes\); not read$/,
    serving: '/v1/occupations/2134/vacancies',
  },
  {
    name: 'a parse that needs more memory than its worker has (the real skills file, 24 MB of heap)',
    source: 'esco-skills',
    // Same text, packed again, so that the bytes are new and are read.
    write: (m) =>
      m.write(
        'esco/skills_en.csv.gz',
        new Uint8Array(gzipSync(gunzipSync(realFile('esco/skills_en.csv.gz')), { level: 1 })),
      ),
    limits: { maxHeapMb: 24 },
    rule: /^reading the release stays within the source's limits \(24 MB of memory/,
    observed: /^reading ESCO skills \(English\) needed more than its 24 MB of memory$/,
    serving: '/v1/occupations/2134/skills',
  },
];

describe('fault injection: broken releases are quarantined, the previous edition keeps serving', () => {
  let served: ServedApp;
  let before0: Edition[];
  before(async () => {
    served = await servedFromTemplate('sqlite');
    before0 = await listCurrentEditions(served.store.db);
  });
  after(() => served.close());

  for (const fault of FAULTS) {
    it(`${fault.source}: ${fault.name}`, async () => {
      const mirror = makeMirror();
      fault.write(mirror);
      const [result] = (await ingestSources({
        store: served.store,
        upstream: mirrorUpstream(mirror.root),
        sources: [findSource(fault.source)!],
        ...(fault.limits ? { limits: fault.limits } : {}),
      })) as [SourceResult];
      assert.equal(result.outcome, 'quarantined', result.message ?? '');
      const [release] = result.releases;
      const failed = release!.checks.filter((c) => c.status === 'fail');
      const named = failed.find((c) => fault.rule.test(c.rule));
      assert.ok(named, `a failed check "${fault.rule}" among ${JSON.stringify(failed)}`);
      assert.match(named.observed ?? '', fault.observed);

      served.refresh();
      const listed = (await served.get(`/v1/meta/editions?source=${fault.source}`)).json<
        Array<{
          id: string;
          status: string;
          checks: unknown[];
        }>
      >();
      const shown = listed.find((e) => e.id === release!.editionId)!;
      assert.equal(shown.status, 'quarantined');
      assert.deepEqual(shown.checks, release!.checks);

      const current = (await listCurrentEditions(served.store.db)).filter((e) => e.sourceKey === fault.source);
      assert.deepEqual(
        current.map((e) => e.id),
        before0.filter((e) => e.sourceKey === fault.source).map((e) => e.id),
        'the previous editions are still the current ones',
      );
      const res = await served.get(fault.serving);
      assert.equal(res.statusCode, 200, res.body);
    });
  }

  it('does not read an oversized or broken file again: the same bytes are known', async () => {
    const mirror = makeMirror();
    mirror.write('ess/data-employer-skills-survey.csv', realFile('ess/data-employer-skills-survey.csv'));
    truncateSync(path.join(mirror.root, 'ess/data-employer-skills-survey.csv'), 40 * MiB);
    const [result] = await ingestSources({
      store: served.store,
      upstream: mirrorUpstream(mirror.root),
      sources: [findSource('ess-vacancies')!],
    });
    assert.equal(result!.releases[0]!.outcome, 'unchanged');
  });

  it('lists every held-back release in /v1/meta/ingest, and the process is still serving', async () => {
    const status = (await served.get('/v1/meta/ingest')).json<{ quarantined: Array<{ sourceKey: string }> }>();
    assert.equal(status.quarantined.length, FAULTS.length);
    assert.equal((await served.get('/healthz')).statusCode, 200);
  });
});

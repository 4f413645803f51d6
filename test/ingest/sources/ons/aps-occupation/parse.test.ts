import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkApsOccupation } from '../../../../../src/ingest/sources/ons/aps-occupation/checks.js';
import { nomisRefs } from '../../../../../src/ingest/sources/ons/aps-occupation/nomis.js';
import { parseNomisPages, parseRelayedCsv } from '../../../../../src/ingest/sources/ons/aps-occupation/parse.js';
import {
  ETYPE,
  FTPT,
  SEX,
  UK,
  nomisPage,
  nomisRow,
  type NomisCell,
} from '../../../../helpers/publisher-double/routes-nomis.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const relay = (year: number) =>
  new Uint8Array(
    readFileSync(upstreamPath(`aps-employment-4digit/nomis_nm218_uk_soc2020_unitgroups_jan${year}-dec${year}.csv`)),
  );
const bytes = (text: string) => new TextEncoder().encode(text);
const ukCount = (r: ReturnType<typeof parseRelayedCsv>, soc: string) => r.counts.find((c) => c.soc2020 === soc);

describe('aps-occupation: the relayed NM_218_1 counts in the mirror', () => {
  it('reads Jan-Dec 2025: 412 unit groups, 410 counts summing to 33,214,900, blanks not published', () => {
    const release = parseRelayedCsv(relay(2025), 2025, 'someone@abc');
    assert.equal(release.period, 'January-December 2025');
    assert.equal(release.counts.length, 412);
    const published = release.counts.filter((c) => c.status === 'published');
    assert.equal(published.length, 410);
    assert.equal(
      published.reduce((s, c) => s + c.people!, 0),
      33_214_900,
    );
    assert.equal(ukCount(release, '2134')!.people, 544_500);
    assert.equal(ukCount(release, '6135')!.people, 906_200);
    for (const soc of ['2435', '5433'])
      assert.deepEqual([ukCount(release, soc)!.people, ukCount(release, soc)!.status], [null, 'not-published']);
    assert.ok(release.counts.every((c) => c.confidence === null && c.area === 'K02000001'));
    assert.deepEqual(
      checkApsOccupation(release).map((c) => c.status),
      ['warn'],
    );
  });

  it('reads Jan-Dec 2022: 398 unit groups summing to 32,031,500', () => {
    const release = parseRelayedCsv(relay(2022), 2022, 'someone@abc');
    assert.equal(release.counts.length, 398);
    assert.equal(
      release.counts.reduce((s, c) => s + (c.people ?? 0), 0),
      32_031_500,
    );
    assert.equal(ukCount(release, '2134')!.people, 512_600);
    assert.equal(ukCount(release, '3311'), undefined);
  });

  it('refuses another period, another area, a repeated code, a count Nomis would not serve, a missing column', () => {
    const header = 'date_name,geography_code,geography_name,soc2020_code,obs_value\n';
    const row = (date: string, area: string, soc: string, value: string) => `${date},${area},X,${soc},${value}\n`;
    const ok = row('Jan 2025-Dec 2025', 'K02000001', '2134', '544500');
    assert.equal(parseRelayedCsv(bytes(header + ok), 2025, 'x').counts.length, 1);
    for (const [file, reason] of [
      [header + row('Jan 2024-Dec 2024', 'K02000001', '2134', '544500'), /is not Jan 2025-Dec 2025/],
      [header + row('Jan 2025-Dec 2025', 'E92000001', '2134', '544500'), /is not the UK/],
      [header + ok + ok, /appears twice/],
      [header + row('Jan 2025-Dec 2025', 'K02000001', '2134', '544510'), /not a multiple of 100/],
      [header + row('Jan 2025-Dec 2025', 'K02000001', '2134', '5.4e5'), /not a count of people/],
      ['date_name,geography_code,soc2020_code\nJan 2025-Dec 2025,K02000001,2134\n', /no column "obs_value"/],
    ] as const)
      assert.throws(() => parseRelayedCsv(bytes(file), 2025, 'x'), reason);
  });
});

const WALES: NomisCell = ['W92000004', 'Wales'];

describe('aps-occupation: the Nomis API query (a layout known from third parties, tested on files built here)', () => {
  const rows = [
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.all, 'Value', '92400'),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.all, 'Confidence', '9000'),
    nomisRow(UK, SEX.female, FTPT.all, ETYPE.all, 'Value', '14000'),
    nomisRow(UK, SEX.all, FTPT.part, ETYPE.all, 'Value', ''),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.self, 'Value', '12000'),
    nomisRow(WALES, SEX.all, FTPT.all, ETYPE.all, 'Value', '4000'),
    nomisRow(['E12000001', 'North East'], SEX.all, FTPT.all, ETYPE.all, 'Value', '3000'),
  ];

  it('reads counts and intervals across pages, withheld `Q` as null, and skips areas other than the UK and nations', () => {
    const release = parseNomisPages(
      // A short last page, then pages past the last record: header only, or nothing at all.
      [nomisPage(rows.slice(0, 4), rows.length), nomisPage(rows.slice(4), rows.length), nomisPage([], 0), bytes('')],
      2025,
    );
    assert.equal(release.origin, 'nomis');
    const find = (area: string, sex: string, pattern: string, employment: string) =>
      release.counts.find(
        (c) => c.area === area && c.sex === sex && c.pattern === pattern && c.employment === employment,
      );
    assert.deepEqual(find('K02000001', 'all', 'all', 'all'), {
      area: 'K02000001',
      soc2020: '2121',
      sex: 'all',
      pattern: 'all',
      employment: 'all',
      people: 92_400,
      confidence: 9_000,
      status: 'published',
    });
    assert.equal(find('K02000001', 'female', 'all', 'all')!.people, 14_000);
    assert.deepEqual(
      [find('K02000001', 'all', 'parttime', 'all')!.people, find('K02000001', 'all', 'parttime', 'all')!.status],
      [null, 'withheld'],
    );
    assert.equal(find('W92000004', 'all', 'all', 'all')!.people, 4_000);
    assert.deepEqual(release.skippedAreas, ['E12000001']);
    assert.ok(checkApsOccupation(release).some((c) => c.rule === 'every area is the UK or a nation'));
  });

  it('refuses an unknown status, a dimension it does not know, fewer rows than declared, other columns', () => {
    const refused: [Uint8Array[], RegExp][] = [
      [[nomisPage([nomisRow(UK, SEX.all, FTPT.all, ETYPE.all, 'Value', '100', 'P')], 1)], /status "P"/],
      [[nomisPage([nomisRow(UK, ['1', 'Males aged 16-64'], FTPT.all, ETYPE.all, 'Value', '100')], 1)], /C_SEX_NAME/],
      [[nomisPage(rows.slice(0, 2), 5)], /declares 5 records but its pages hold 2/],
      [[bytes('"DATE","OBS_VALUE"\n"2025-12",1\n')], /no column/],
    ];
    for (const [pages, reason] of refused) assert.throws(() => parseNomisPages(pages, 2025), reason);
  });

  it('asks Nomis for each year in five pages of 25,000 rows: 5 areas by code x 27 breakdowns x 412 x 2 measures', () => {
    const [ref] = nomisRefs('https://nomis.test/NM_218_1.data.csv', [2025]);
    assert.equal(ref!.seriesKey, '2025');
    assert.match(ref!.location.url, /\?geography=2092957697,2092957699,2092957700,2092957701,2092957702&/);
    assert.match(ref!.location.url, /date=2025-12&.*measures=20100,20701&select=date,date_name,/);
    assert.deepEqual(
      ref!.companions!.map((c) => /RecordOffset=(\d+)/.exec(c.url)![1]),
      ['25000', '50000', '75000', '100000'],
    );
    assert.match(ref!.label, /Nomis API query of NM_218_1/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asheTable14Source } from '../../../../src/ingest/sources/ons/ashe-table14/descriptor.js';
import { asheTable15Source } from '../../../../src/ingest/sources/ons/ashe-table15/descriptor.js';
import { ASHE_DATASETS, ASHE_TITLES, asheRoutes } from '../../../helpers/publisher-double/routes-ons.js';
import { json, routeContext, routes, type PublisherResponse } from '../../../helpers/publisher-double/routes.js';

const FILE = `https://www.ons.gov.uk/file?uri=${ASHE_DATASETS[14]}`;
/** Releases are named as ONS names them: the dataset's title (its landing), then the edition's name. */
const T14 = ASHE_TITLES[14];

describe('ASHE discovery at ONS (dataset landing -> editions -> downloads and versions)', () => {
  it('finds every SOC 2020 edition whatever the page order; a revised edition leaves its provisional one only found', async () => {
    const table = routes(
      asheRoutes(14, [
        { year: 2024, kind: 'provisional' },
        { year: 2022, kind: 'provisional' },
        { year: 2023, kind: 'revised' },
        { year: 2021, kind: 'provisional' },
        { year: 2023, kind: 'provisional' },
      ]),
    );
    const { releases, found } = await asheTable14Source.discover!(routeContext('ashe-table14', table));
    assert.deepEqual(
      releases.map((r) => [r.label, r.seriesKey, r.location.url]),
      [
        [`${T14}, 2022 provisional`, '2022', `${FILE}/2022provisional/ashetable142022provisional.zip`],
        [`${T14}, 2023 revised`, '2023', `${FILE}/2023revised/ashetable142023revised.zip`],
        [`${T14}, 2024 provisional`, '2024', `${FILE}/2024provisional/ashetable142024provisional.zip`],
      ],
    );
    assert.equal(releases[0]!.location.mirrorPath, 'ashe-table14/ashetable142022provisional.zip');
    assert.equal(releases[0]!.pageUrl, `https://www.ons.gov.uk${ASHE_DATASETS[14]}/2022provisional`);
    assert.equal(releases[0]!.releasedAt, '2022-10-23T06:00:00.000Z');
    assert.deepEqual(
      found!.map((f) => [f.label, f.seriesKey]),
      [[`${T14}, 2023 provisional`, '2023']],
    );
  });

  it('a correction in versions[] is a new release of the same series: new label, date and fingerprint', async () => {
    const before = routes(
      asheRoutes(14, [{ year: 2025, kind: 'provisional', releaseDate: '2025-10-23T06:00:00.000Z' }]),
    );
    const after = routes(
      asheRoutes(14, [
        {
          year: 2025,
          kind: 'provisional',
          releaseDate: '2025-10-23T06:00:00.000Z',
          versions: [
            { updateDate: '2025-12-19T07:00:00.000Z', correctionNotice: 'Table 14.7a hourly pay was corrected.' },
          ],
        },
      ]),
    );
    const [first] = (await asheTable14Source.discover!(routeContext('ashe-table14', before))).releases;
    const [second] = (await asheTable14Source.discover!(routeContext('ashe-table14', after))).releases;
    assert.equal(first!.label, `${T14}, 2025 provisional`);
    assert.equal(second!.label, `${T14}, 2025 provisional (corrected 19 December 2025)`);
    assert.equal(second!.seriesKey, first!.seriesKey);
    assert.equal(second!.location.url, first!.location.url);
    assert.equal(second!.releasedAt, '2025-12-19T07:00:00.000Z');
    assert.notEqual(second!.fingerprint, first!.fingerprint);
    const updated = routes(
      asheRoutes(14, [{ year: 2025, kind: 'provisional', versions: [{ updateDate: '2026-01-08T07:00:00.000Z' }] }]),
    );
    const [third] = (await asheTable14Source.discover!(routeContext('ashe-table14', updated))).releases;
    assert.equal(third!.label, `${T14}, 2025 provisional (updated 8 January 2026)`);
  });

  it('an edition offering no zip of the table is left out; the others are still found', async () => {
    const table = routes(
      asheRoutes(14, [
        { year: 2024, kind: 'provisional' },
        { year: 2025, kind: 'provisional' },
      ]),
      [
        [
          `https://www.ons.gov.uk${ASHE_DATASETS[14]}/2025provisional/data`,
          json({
            downloads: [{ file: 'notes.pdf' }],
            versions: [],
            type: 'dataset',
            uri: `${ASHE_DATASETS[14]}/2025provisional`,
            description: {},
          }),
        ],
      ],
    );
    const { releases } = await asheTable14Source.discover!(routeContext('ashe-table14', table));
    assert.deepEqual(
      releases.map((r) => r.seriesKey),
      ['2024'],
    );
    const none = routes([
      [
        `https://www.ons.gov.uk${ASHE_DATASETS[14]}/data`,
        json({ type: 'dataset_landing_page', datasets: [{ uri: `${ASHE_DATASETS[14]}/2025provisional` }] }),
      ],
    ]);
    await assert.rejects(
      asheTable14Source.discover!(routeContext('ashe-table14', none)),
      /2025provisional could not be read/,
    );
  });

  it("an edition ONS names otherwise than its zip's year and kind is left out, naming both", async () => {
    const uri = `${ASHE_DATASETS[14]}/2025provisional`;
    const misnamed: [string, PublisherResponse] = [
      `https://www.ons.gov.uk${uri}/data`,
      json({
        downloads: [{ file: 'ashetable142025provisional.zip' }],
        versions: [],
        type: 'dataset',
        uri,
        description: { edition: '2025 final', releaseDate: '2025-10-23T06:00:00.000Z' },
      }),
    ];
    const table = routes(
      asheRoutes(14, [
        { year: 2024, kind: 'provisional' },
        { year: 2025, kind: 'provisional' },
      ]),
      [misnamed],
    );
    const { releases } = await asheTable14Source.discover!(routeContext('ashe-table14', table));
    assert.deepEqual(
      releases.map((r) => r.label),
      [`${T14}, 2024 provisional`],
    );
    const alone = routes(asheRoutes(14, [{ year: 2025, kind: 'provisional' }]), [misnamed]);
    await assert.rejects(
      asheTable14Source.discover!(routeContext('ashe-table14', alone)),
      /2025provisional is named "2025 final" by ONS, not "2025 provisional" as its ashetable142025provisional\.zip says/,
    );
  });

  it('Table 15 reads its own dataset and names its own zips', async () => {
    const table = routes(asheRoutes(15, [{ year: 2025, kind: 'provisional', zip: new Uint8Array([80, 75, 5, 6]) }]));
    const { releases } = await asheTable15Source.discover!(routeContext('ashe-table15', table));
    assert.equal(releases[0]!.label, `${ASHE_TITLES[15]}, 2025 provisional`);
    assert.match(
      releases[0]!.location.url,
      /regionbyoccupation4digitsoc2010ashetable15\/2025provisional\/ashetable152025provisional\.zip$/,
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CENSUS_AGE_DATASET as SOURCE_DATASET,
  censusOccupationAgeSource,
} from '../../../../../src/ingest/sources/ons/census-occupation-age/descriptor.js';
import type { Cell } from '../../../../../src/ingest/formats/workbook.js';
import { appForSuite } from '../../../../helpers/composition-root.js';
import {
  BAND_LABELS,
  HEADER,
  censusAgeWorkbook,
  type BuiltCensusAge,
} from '../../../../helpers/census-age-workbook.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';
import {
  CENSUS_AGE_DATASET,
  CENSUS_AGE_WORKBOOK,
  censusAgeRoutes,
  type CensusAgeEdition,
} from '../../../../helpers/publisher-double/routes-ons.js';
import { routeContext, routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { DIALECTS } from '../../../../helpers/stores.js';

/**
 * /workforce's age bands read from a Census 2021 workbook built in the inferred layout for every
 * unit group, served by the ONS double and ingested through the pipeline, on both dialects. What
 * each answer should hold is worked out here from the built file's cells.
 */

const round1 = (value: number) => Math.round(value * 10) / 10;
const EDITION: Omit<CensusAgeEdition, 'files'> = {
  slug: '2021',
  name: '2021',
  releaseDate: '2023-05-31T08:30:00.000Z',
};

interface Share {
  code: string;
  name: string;
  people: number | null;
  percent: number | null;
  quality: string;
  presentable: boolean;
}

/** What /workforce should say of a unit group's ages, from its all-persons row. */
function expectedAges(row: Cell[]) {
  const bands = row.slice(3, 14).map((v) => (typeof v === 'number' ? v : null));
  const total = row[14] as number;
  const share = (picked: (number | null)[]) =>
    picked.some((v) => v === null) ? null : round1((picked.reduce<number>((a, b) => a + b!, 0) / total) * 100);
  return {
    ageBands: bands.map((people, i) => ({
      code: String(i + 1),
      name: BAND_LABELS[i]!,
      people,
      percent: people === null ? null : round1((people / total) * 100),
      quality: people === null ? 'unreliable' : 'reasonable',
      presentable: people !== null,
    })),
    agedUnder25Percent: share(bands.slice(0, 2)),
    aged55AndOverPercent: share(bands.slice(8)),
    ageBandsPeople: total,
  };
}

describe('the Census dataset page: the newest edition offering one workbook', () => {
  it('names the workbook at its ONS address, with the edition and its date; refuses an edition of two workbooks', async () => {
    assert.equal(SOURCE_DATASET, CENSUS_AGE_DATASET);
    const bytes = new Uint8Array([1]);
    const found = await censusOccupationAgeSource.discover!(
      routeContext(
        'census-occupation-age',
        routes(censusAgeRoutes([{ ...EDITION, files: [[CENSUS_AGE_WORKBOOK, bytes]] }])),
      ),
    );
    assert.deepEqual(
      found.releases.map((r) => [r.label, r.location.url, r.pageUrl]),
      [
        [
          'Occupations of those in employment, by age and sex, England and Wales, Census 2021: 2021 edition (31 May 2023)',
          `https://www.ons.gov.uk/file?uri=${CENSUS_AGE_DATASET}/2021/${CENSUS_AGE_WORKBOOK}`,
          `https://www.ons.gov.uk${CENSUS_AGE_DATASET}/2021`,
        ],
      ],
    );
    const two = censusAgeRoutes([
      {
        ...EDITION,
        files: [
          [CENSUS_AGE_WORKBOOK, bytes],
          ['other.xlsx', bytes],
        ],
      },
    ]);
    await assert.rejects(
      censusOccupationAgeSource.discover!(routeContext('census-occupation-age', routes(two))),
      /offers 2 workbooks/,
    );
  });
});

for (const dialect of DIALECTS) {
  describe(`workforce age bands read from the Census 2021 workbook at the ONS double (${dialect})`, () => {
    const served = appForSuite(dialect);
    let double: PublisherDouble;
    let built: BuiltCensusAge;
    let codes: string[];
    const ingest = () =>
      ingestFromDouble(
        double,
        { store: served.store, sources: [censusOccupationAgeSource], refreshIntervalMs: 3_600_000 },
        { retries: 0 },
      );
    const get = (url: string) => served.get(url);

    before(async () => {
      const { groups } = await served.services.occupations.structure();
      codes = [...groups.values()].filter((g) => g.level === 'unit').map((g) => g.code);
      assert.equal(codes.length, 412);
      built = censusAgeWorkbook(codes);
      double = await startPublisherDouble();
      double.publishAll(routes(censusAgeRoutes([{ ...EDITION, files: [[CENSUS_AGE_WORKBOOK, built.bytes]] }])));
      const [result] = await ingest();
      assert.equal(result!.outcome, 'published', result!.message ?? '');
      served.refresh();
    });
    after(() => double?.stop());

    it('answers the bands, under-25 and 55-and-over shares of every unit group the workbook has', async () => {
      let answered = 0;
      let withheld = 0;
      for (const soc of codes) {
        const res = await get(`/v1/occupations/${soc}/workforce`);
        assert.equal(res.statusCode, 200, `${soc}: ${res.body}`);
        const body = res.json();
        const row = built.rows.find((r) => r[0] === soc && r[2] === 'All persons')!;
        const expected = expectedAges(row);
        assert.deepEqual(
          {
            ageBands: body.ageBands as Share[],
            agedUnder25Percent: body.agedUnder25Percent,
            aged55AndOverPercent: body.aged55AndOverPercent,
            ageBandsPeople: body.ageBandsPeople,
          },
          expected,
          soc,
        );
        answered++;
        if (expected.agedUnder25Percent === null) withheld++;
      }
      assert.equal(answered, 412);
      assert.ok(withheld > 0, 'some unit groups have a withheld youngest band: their under-25 share is null');
    });

    it('says the ages are Census 2021 residents of England and Wales, another source, year and area from people', async () => {
      const body = (await get('/v1/occupations/2134/workforce')).json();
      assert.equal(body.ageBandsPeriod, 'England and Wales, March 2021');
      assert.match(
        body.ageBandsProvenance.edition,
        /^Occupations of those in employment, by age and sex, England and Wales, Census 2021/,
      );
      assert.deepEqual(
        [body.ageBandsProvenance.publisher, body.ageBandsProvenance.licence],
        ['Office for National Statistics', 'Open Government Licence v3.0'],
      );
      assert.equal(body.ageBandsProvenance.url, `https://www.ons.gov.uk${CENSUS_AGE_DATASET}`);
      assert.match(
        body.coverage.note,
        /Census 2021 counts of usual residents aged 16 and over in employment in England and Wales/,
      );
      assert.match(body.coverage.note, /a different source, year and area from `people` \(APS, UK\)/);
      assert.match(body.derivation, /never of `people`, which is another survey, year and area/);
      assert.match(body.peopleProvenance.edition, /January-December 2025/, '`people` is still the APS count');
      assert.deepEqual(body.qualifications, []);
      assert.match(body.coverage.note, /Census 2021's occupation release has no qualification table/);
      const sources = (await get('/v1/meta/sources')).json<{ key: string; currentEdition: string | null }[]>();
      assert.match(
        sources.find((s) => s.key === 'census-occupation-age')!.currentEdition!,
        /Census 2021: 2021 edition/,
      );
    });

    it('quarantines a later version in a layout it does not know, naming the label; the first keeps serving', async () => {
      const before = (await get('/v1/occupations/2134/workforce')).json();
      const changed = censusAgeWorkbook(codes, { header: [...HEADER.slice(0, 14), 'Percentage'] });
      double.publishAll(
        routes(
          censusAgeRoutes([
            {
              ...EDITION,
              files: [[CENSUS_AGE_WORKBOOK, changed.bytes]],
              versions: [{ updateDate: '2024-01-10T09:30:00.000Z', correctionNotice: 'Percentages added.' }],
            },
          ]),
        ),
      );
      const [result] = await ingest();
      assert.equal(result!.outcome, 'quarantined', result!.message ?? '');
      assert.match(result!.message ?? '', /the column "Percentage" is not a label this layout has/);
      served.refresh();
      assert.deepEqual((await get('/v1/occupations/2134/workforce')).json(), before);
    });
  });
}

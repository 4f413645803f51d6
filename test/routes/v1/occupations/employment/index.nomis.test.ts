import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apsOccupationSource } from '../../../../../src/ingest/sources/ons/aps-occupation/descriptor.js';
import { ingestFromDouble } from '../../../../helpers/publisher-double/ingest.js';
import {
  ETYPE,
  FTPT,
  nomisRoutes,
  nomisRow,
  relayedAsNomis,
  SEX,
  UK,
  type NomisCell,
} from '../../../../helpers/publisher-double/routes-nomis.js';
import { routes } from '../../../../helpers/publisher-double/routes.js';
import { startPublisherDouble, type PublisherDouble } from '../../../../helpers/publisher-double/server.js';
import { serve, type ServedApp } from '../../../../helpers/served-app.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { copyTemplate } from '../../../../helpers/template-databases.js';

/**
 * Employment from a Nomis NM_218_1 release with its breakdowns and intervals filled, as the API
 * query asks for them (sex, work pattern, employment type, Value and Confidence rows; the UK and
 * the nations by GSS code). The UK counts are the relay's real 2025 figures; the breakdown and
 * interval rows are built here in Nomis's layout (no Nomis answer has been recorded), with
 * figures chosen to test each rule: a self-employed share over a quarter, one under it, a
 * withheld breakdown cell, a nation's own count and interval.
 */

const WALES: NomisCell = ['W92000004', 'Wales'];
const ENGLAND: NomisCell = ['E92000001', 'England'];

/** 2134 (UK 544,500 in the relay): a small self-employed share; 5315 (161,700): a large one. */
function breakdownRows(cell: (soc: string) => { year: number; soc: NomisCell }): string[][] {
  const sw = cell('2134');
  const plumbers = cell('5315');
  return [
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.all, 'Confidence', '21300', 'A', sw),
    nomisRow(UK, SEX.female, FTPT.all, ETYPE.all, 'Value', '93200', 'A', sw),
    nomisRow(UK, SEX.female, FTPT.all, ETYPE.all, 'Confidence', '9800', 'A', sw),
    nomisRow(UK, SEX.all, FTPT.part, ETYPE.all, 'Value', '31000', 'A', sw),
    nomisRow(UK, SEX.all, FTPT.part, ETYPE.all, 'Confidence', '7100', 'A', sw),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.self, 'Value', '48000', 'A', sw),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.self, 'Confidence', '8300', 'A', sw),
    nomisRow(ENGLAND, SEX.all, FTPT.all, ETYPE.all, 'Value', '481000', 'A', sw),
    nomisRow(ENGLAND, SEX.all, FTPT.all, ETYPE.all, 'Confidence', '20100', 'A', sw),
    nomisRow(WALES, SEX.all, FTPT.all, ETYPE.all, 'Value', '12400', 'A', sw),
    nomisRow(WALES, SEX.all, FTPT.all, ETYPE.all, 'Confidence', '3300', 'A', sw),
    nomisRow(WALES, SEX.female, FTPT.all, ETYPE.all, 'Value', '2100', 'A', sw),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.all, 'Confidence', '9900', 'A', plumbers),
    nomisRow(UK, SEX.female, FTPT.all, ETYPE.all, 'Value', '', 'Q', plumbers),
    nomisRow(UK, SEX.all, FTPT.part, ETYPE.all, 'Value', '9800', 'A', plumbers),
    nomisRow(UK, SEX.all, FTPT.part, ETYPE.all, 'Confidence', '3600', 'A', plumbers),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.self, 'Value', '72300', 'A', plumbers),
    nomisRow(UK, SEX.all, FTPT.all, ETYPE.self, 'Confidence', '6900', 'A', plumbers),
  ];
}

interface Part {
  count: number;
  percent: number;
  quality: string;
  presentable: boolean;
}
interface Body {
  area: { slug: string };
  employment: {
    count: number;
    confidenceInterval: number | null;
    quality: string;
    presentable: boolean;
    shareOfAllEmploymentPercent: number | null;
    source: string;
  };
  breakdown: { female: Part | null; partTime: Part | null; selfEmployed: Part | null } | null;
  series: { year: number; confidenceInterval: number | null }[];
  notes: string[];
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`employment from a Nomis release with breakdowns and intervals (${dialect})`, () => {
    let double: PublisherDouble;
    let served: ServedApp;
    const get = async (url: string) => {
      const response = await served.get(url);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<Body>();
    };

    before(async () => {
      double = await startPublisherDouble();
      double.publishAll(
        routes(
          nomisRoutes([{ year: 2025, released: '2026-02-17 07:00:00', pages: relayedAsNomis(2025, breakdownRows) }]),
        ),
      );
      served = await serve(await copyTemplate(dialect));
      // Nomis's 2025 period takes the place of the relay's (one series a year).
      const [result] = await ingestFromDouble(
        double,
        { store: served.store, sources: [apsOccupationSource] },
        { retries: 0 },
      );
      assert.equal(result!.outcome, 'published', JSON.stringify(result));
      served.refresh();
    });
    after(async () => {
      await served?.close();
      await double?.stop();
    });

    it('answers the UK count with its interval, and the female, part-time and self-employed breakdown', async () => {
      const body = await get('/v1/occupations/2134/employment');
      const { shareOfAllEmploymentPercent: _share, ...employment } = body.employment;
      assert.deepEqual(employment, {
        count: 544_500,
        confidenceInterval: 21_300,
        // CV = 21,300 / 1.96 / 544,500 = 2.0%: precise.
        quality: 'precise',
        presentable: true,
        source: 'aps-occupation',
      });
      assert.deepEqual(body.breakdown, {
        // 9,800 / 1.96 / 93,200 = 5.4%: reasonable.
        female: { count: 93_200, percent: 17.1, quality: 'reasonable', presentable: true },
        // 7,100 / 1.96 / 31,000 = 11.7%: acceptable.
        partTime: { count: 31_000, percent: 5.7, quality: 'acceptable', presentable: true },
        // 8,300 / 1.96 / 48,000 = 8.8%: reasonable.
        selfEmployed: { count: 48_000, percent: 8.8, quality: 'reasonable', presentable: true },
      });
      assert.equal(body.series.find((p) => p.year === 2025)!.confidenceInterval, 21_300);
      assert.ok(
        body.notes.some((n) =>
          /`confidenceInterval` is the half-width of its 95% interval, from Nomis NM_218_1/.test(n),
        ),
      );
      assert.ok(!body.notes.some((n) => /breakdowns are in Nomis NM_218_1 .* but not in the release served/.test(n)));
      // 8.8% self-employed: no caveat about pay leaving them out.
      assert.ok(!body.notes.some((n) => /self-employed \(APS/.test(n)), body.notes.join('\n'));
    });

    it('says, from the data, that pay leaves out a large self-employed share; a withheld breakdown cell is null', async () => {
      const body = await get('/v1/occupations/5315/employment');
      assert.equal(body.employment.confidenceInterval, 9_900);
      assert.equal(body.breakdown!.female, null, 'Nomis withheld it (Q): null, never 0');
      // 72,300 of 161,700.
      assert.deepEqual(body.breakdown!.selfEmployed, {
        count: 72_300,
        percent: 44.7,
        quality: 'precise',
        presentable: true,
      });
      assert.ok(
        body.notes.includes(
          '44.7% of the people in this occupation are self-employed (APS, January to December 2025): pay figures (ASHE) count employee jobs only, so they describe only part of the occupation.',
        ),
        body.notes.join('\n'),
      );
    });

    it("answers a nation with its own count and interval, and no breakdown (the spec's rule: UK only)", async () => {
      const wales = await get('/v1/occupations/2134/employment?area=wales');
      assert.equal(wales.area.slug, 'wales');
      assert.equal(wales.employment.count, 12_400);
      assert.equal(wales.employment.confidenceInterval, 3_300);
      assert.equal(
        wales.breakdown,
        null,
        'a female count for Wales is in the release, yet the breakdown stays UK-only',
      );
      const england = await get('/v1/occupations/2134/employment?area=england');
      assert.deepEqual(
        [england.employment.count, england.employment.confidenceInterval, england.breakdown],
        [481_000, 20_100, null],
      );
    });
  });
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apsOccupationIndustrySource } from '../../../../src/ingest/sources/ons/aps-occupation-industry/descriptor.js';
import { socDescriptionsSource } from '../../../../src/ingest/sources/ons/soc2020-descriptions/descriptor.js';
import { codingIndexSource } from '../../../../src/ingest/sources/ons/soc2020-index/descriptor.js';
import { socStructureSource } from '../../../../src/ingest/sources/ons/soc2020-structure/descriptor.js';
import { stampDate } from '../../../../src/ingest/sources/ons/soc2020-files.js';
import {
  APS_ADHOC,
  SOC2020_PAGES,
  apsAdhocRoutes,
  methodologyPageRoutes,
} from '../../../helpers/publisher-double/routes-ons.js';
import { json, routeContext, routes } from '../../../helpers/publisher-double/routes.js';

const XLSX = new Uint8Array([80, 75, 3, 4]);
const FILE = (page: string, name: string) => `https://www.ons.gov.uk/file?uri=${page}/${name}`;

describe('SOC 2020 volumes at ONS (methodology page links)', () => {
  it('reads both date stamps: ddmmyyyy until 2025, yyyymmdd from 2026', () => {
    assert.equal(stampDate('16042025'), '2025-04-16');
    assert.equal(stampDate('03122025'), '2025-12-03');
    assert.equal(stampDate('20260827'), '2026-08-27');
    assert.equal(stampDate('20122025'), '2025-12-20');
    assert.equal(stampDate('99999999'), null);
  });

  it('the coding index is the newest linked workbook, a v2 replacing the file of its date; both Volume 2 sources find it', async () => {
    const page = SOC2020_PAGES.volume2;
    const table = routes(
      methodologyPageRoutes(page, [
        ['soc2020volume2thecodingindexexcel20260827v2.xlsx', XLSX],
        ['soc2020volume2thecodingindexexcel16042025.xlsx', XLSX],
        ['soc2020volume2thecodingindexexcel20260827.xlsx', XLSX],
        ['soc2020volume2thecodingindexexcel03122025.xlsx', XLSX],
        ['soc2020volume2codingrulesandconventions.pdf', XLSX],
      ]),
    );
    for (const source of [codingIndexSource, socStructureSource]) {
      const { releases } = await source.discover!(routeContext(source.key, table));
      assert.equal(releases.length, 1);
      const [ref] = releases;
      assert.equal(ref!.location.url, FILE(page, 'soc2020volume2thecodingindexexcel20260827v2.xlsx'));
      assert.equal(ref!.location.mirrorPath, 'soc2020/soc2020volume2thecodingindexexcel20260827v2.xlsx');
      assert.equal(ref!.label, 'SOC 2020 Volume 2: the coding index workbook (27 August 2026, reissue 2)');
      assert.equal(ref!.releasedAt, '2026-08-27');
      assert.equal(ref!.fingerprint, ref!.location.url);
    }
  });

  it('Volume 1 is labelled from its file name, and a page linking none is an error naming the page', async () => {
    const page = SOC2020_PAGES.volume1;
    const table = routes(
      methodologyPageRoutes(page, [
        ['soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx', XLSX],
        ['soc2020volume1structureanddescriptionofunitgroupsexcel20260827.xlsx', XLSX],
      ]),
    );
    const { releases } = await socDescriptionsSource.discover!(routeContext(socDescriptionsSource.key, table));
    assert.equal(releases[0]!.label, 'SOC 2020 Volume 1: structure and descriptions of unit groups (27 August 2026)');
    const empty = routes(methodologyPageRoutes(page, []));
    await assert.rejects(
      socDescriptionsSource.discover!(routeContext(socDescriptionsSource.key, empty)),
      /soc2020volume1structureanddescriptionsofunitgroups links no descriptionofunitgroupsexcel<date>\.xlsx/,
    );
  });

  it("also reads the page's /data downloads[] when ONS serves one", async () => {
    const page = SOC2020_PAGES.volume2;
    const table = routes(methodologyPageRoutes(page, [['soc2020volume2thecodingindexexcel16042025.xlsx', XLSX]]), [
      [
        `https://www.ons.gov.uk${page}/data`,
        json({
          type: 'static_methodology_download',
          uri: page,
          downloads: [{ title: 'Index', file: 'soc2020volume2thecodingindexexcel03122025.xlsx' }],
        }),
      ],
    ]);
    const { releases } = await codingIndexSource.discover!(routeContext(codingIndexSource.key, table));
    assert.equal(releases[0]!.location.url, FILE(page, 'soc2020volume2thecodingindexexcel03122025.xlsx'));
  });
});

describe('the APS ad hoc at ONS (static_adhoc)', () => {
  it('reads ad hoc 3136 at its address with the request number, and its workbook', async () => {
    const { releases } = await apsOccupationIndustrySource.discover!(
      routeContext('aps-occupation-industry', routes(apsAdhocRoutes())),
    );
    const [ref] = releases;
    assert.equal(
      ref!.label,
      'Employment by occupation and industry section, UK, 2021 to 2024 (ad hoc 3136, released 13 November 2025)',
    );
    assert.equal(ref!.location.url, FILE(APS_ADHOC, 'employmentby4digitsoc1digitindustryatosuk20212024final.xlsx'));
    assert.equal(
      ref!.location.mirrorPath,
      'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
    );
    assert.equal(ref!.pageUrl, `https://www.ons.gov.uk${APS_ADHOC}`);
  });

  it('refuses an ad hoc whose downloads name no years', async () => {
    const table = routes(apsAdhocRoutes(undefined, 'tables.xlsx'));
    await assert.rejects(
      apsOccupationIndustrySource.discover!(routeContext('aps-occupation-industry', table)),
      /offers no workbook named by its years \(tables\.xlsx\)/,
    );
  });
});

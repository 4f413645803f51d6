import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  latestCorrection,
  lastUpdated,
  onsAdhoc,
  onsData,
  onsDatasetEditions,
  onsDatasetEditionUris,
  onsEdition,
  onsFileUrl,
  onsPageFiles,
} from '../../../../src/ingest/sources/ons/ons-site.js';
import { recordedReader, recordings } from '../../../helpers/recorded-publishers.js';

const GDP = '/economy/grossdomesticproductgdp/datasets/quarterlycountryandregionalgdp';
const SERVICES = '/businessindustryandtrade/internationaltrade/datasets/regionalisedestimatesofukserviceexports';
const FDI =
  '/businessindustryandtrade/business/businessinnovation/datasets/foreigndirectinvestmentinvolvingukcompanies2013inwardtables';
const BOP =
  '/economy/nationalaccounts/uksectoraccounts/datasets/unitedkingdomeconomicaccountsbalanceofpaymentscurrentaccount';
const ADHOC =
  '/economy/economicoutputandproductivity/output/adhocs/13524businessinsightsandconditionssurveybicswave33adhoctablesdepartmentfortransport';

describe('the ONS site client on the 24 recorded responses', () => {
  it('reads every recorded /data document as a JSON object, whatever its Content-Type', async () => {
    const reader = recordedReader();
    const data = recordings().filter((r) => r.url.endsWith('/data'));
    assert.equal(data.length, 19);
    assert.ok(
      data.some((r) => r.contentType.startsWith('text/plain')),
      'the 2020 landing served as text/plain is among them',
    );
    for (const r of data) {
      const body = await onsData(reader, new URL(r.url).pathname.replace(/\/data$/, ''));
      assert.ok(typeof body.type === 'string', r.file);
    }
  });

  it('lists a landing page\'s editions in page order, including a "current" between dated ones', async () => {
    const reader = recordedReader();
    const gdp = await onsDatasetEditionUris(reader, GDP);
    assert.equal(gdp.length, 7);
    assert.equal(gdp[0], `${GDP}/apriltojune2020`);
    assert.equal(gdp[6], `${GDP}/octobertodecember2018`);
    const services = (await onsDatasetEditionUris(reader, SERVICES)).map((u) => u.split('/').pop());
    assert.deepEqual(services, ['2011to2016', 'current', '2011to2014']);
  });

  it('reads the landing served as text/plain (fdiinward, 2020) and its current edition', async () => {
    const reader = recordedReader();
    const { editions, failures } = await onsDatasetEditions(reader, FDI, () => true);
    assert.deepEqual(failures, []);
    assert.equal(editions.length, 1);
    assert.equal(editions[0]!.slug, 'current');
    assert.deepEqual(editions[0]!.files, ['inwarddatatables290420.xlsx']);
  });

  it("reads an edition's files, versions and dates; picks editions by slug", async () => {
    const reader = recordedReader();
    const { editions } = await onsDatasetEditions(reader, GDP, (slug) => slug.endsWith('2020'));
    assert.deepEqual(
      editions.map((e) => [e.slug, e.edition, e.files]),
      [
        ['apriltojune2020', 'April to June 2020', ['regionalpublicationtable20q2.xlsx']],
        ['januarytomarch2020', 'January to March 2020', ['regionalgdppublicationtables20q1.xlsx']],
      ],
    );
    assert.equal(editions[0]!.releaseDate, '2021-02-01T00:00:00.000Z');
    assert.equal(lastUpdated(editions[0]!), '2021-02-01T00:00:00.000Z', 'no versions: the release date');
  });

  it('the file address it builds is the one the landing page links', async () => {
    const reader = recordedReader();
    const edition = await onsEdition(reader, `${GDP}/apriltojune2020`);
    const url = onsFileUrl(edition.uri, edition.files[0]!);
    const html = recordings().find((r) => r.file.endsWith('quarterlycountryandregionalgdp.landing.html'))!.body;
    assert.ok(html.includes(`href="${url.replace('https://www.ons.gov.uk', '')}"`), url);
  });

  it('takes the latest of 29 versions as the last update, and its correction notice only when it was a correction', async () => {
    const reader = recordedReader();
    const current = await onsEdition(reader, `${BOP}/current`);
    assert.equal(current.versions.length, 29);
    assert.equal(current.versions.filter((v) => v.correctionNotice !== '').length, 5);
    assert.equal(lastUpdated(current), '2021-12-22T09:30:00.000Z');
    assert.equal(latestCorrection(current), null, 'the last update (v29) was not a correction');
    const corrected = { ...current, versions: current.versions.slice(0, 20) };
    assert.match(latestCorrection(corrected)!.correctionNotice, /An error has been identified/);
    const previous = await onsEdition(reader, `${BOP}/current/previous/v1`);
    assert.equal(previous.uri, `${BOP}/current/previous/v1`);
    assert.deepEqual(previous.files, ['ukeareftable8acurrentandcapitalaccount2015q3_tcm77-429220.xls']);
  });

  it('reads an ad hoc (static_adhoc): title, reference, date and files; its HTML links the same address', async () => {
    const reader = recordedReader();
    const adhoc = await onsAdhoc(reader, ADHOC);
    assert.equal(adhoc.reference, '13524');
    assert.equal(adhoc.releaseDate, '2021-07-22T23:00:00.000Z');
    assert.deepEqual(
      adhoc.downloads.map((d) => d.file),
      ['wave33dftrequest.xlsx'],
    );
    const files = await onsPageFiles(reader, ADHOC, /\.xlsx$/);
    assert.deepEqual(files, [{ file: 'wave33dftrequest.xlsx', url: onsFileUrl(adhoc.uri, 'wave33dftrequest.xlsx') }]);
  });

  it('refuses a page of another type than asked for', async () => {
    const reader = recordedReader();
    await assert.rejects(onsEdition(reader, GDP), /is a "dataset_landing_page" page, not a dataset/);
    await assert.rejects(onsAdhoc(reader, `${GDP}/apriltojune2020`), /is a "dataset" page, not a static_adhoc/);
  });

  it('falls back to api.beta.ons.gov.uk when the website does not answer, and names both when neither does', async () => {
    const reader = recordedReader({ down: ['www.ons.gov.uk'] });
    const uris = await onsDatasetEditionUris(reader, GDP);
    assert.equal(uris.length, 7);
    assert.ok(reader.log.some((u) => u.startsWith('https://api.beta.ons.gov.uk/v1/data?uri=%2Feconomy')));
    const none = recordedReader({ down: ['www.ons.gov.uk', 'api.beta.ons.gov.uk'] });
    await assert.rejects(
      onsDatasetEditionUris(none, GDP),
      /www\.ons\.gov\.uk is unreachable.*api\.beta\.ons\.gov\.uk is unreachable/,
    );
  });

  it('an edition that cannot be read is named and the others are still returned', async () => {
    const landing = JSON.parse(
      recordings().find((r) => r.file.endsWith('regionalisedestimatesofukserviceexports.landing.data.json'))!.body,
    ) as {
      datasets: { uri: string }[];
    };
    landing.datasets.push({ uri: `${SERVICES}/2099` });
    const reader = recordedReader({ extra: { [`https://www.ons.gov.uk${SERVICES}/data`]: JSON.stringify(landing) } });
    const { editions, failures } = await onsDatasetEditions(reader, SERVICES, () => true);
    assert.equal(editions.length, 3);
    assert.equal(failures.length, 1);
    assert.match(failures[0]!, /\/2099 could not be read/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  apsOccupationAgeSource,
  APS_AGE_ADHOC,
} from '../../../../../src/ingest/sources/ons/aps-occupation-age/descriptor.js';
import { APS_AGE_WORKBOOK, apsAgeAdhocRoutes } from '../../../../helpers/publisher-double/routes-aps-age.js';
import { json, routeContext, routes } from '../../../../helpers/publisher-double/routes.js';

describe('ONS user requested data 3501 (age and qualification by unit group): found, never read', () => {
  it('names the ad hoc workbook at its ONS address, with the title, reference and date the page gives', async () => {
    const found = await apsOccupationAgeSource.discover!(
      routeContext('aps-occupation-age', routes(apsAgeAdhocRoutes())),
    );
    assert.deepEqual(found.releases, []);
    assert.deepEqual(found.found, [
      {
        label:
          '4-digit occupational coding (SOC) by age, highest qualification, sex, 4-digit industry (SIC) and ITL3 region, UK, April 2025 to March 2026 (ad hoc 3501, released 22 July 2026)',
        seriesKey: null,
        releasedAt: '2026-07-21T23:00:00.000Z',
        url: `https://www.ons.gov.uk/file?uri=${APS_AGE_ADHOC}/${APS_AGE_WORKBOOK}`,
        pageUrl: `https://www.ons.gov.uk${APS_AGE_ADHOC}`,
      },
    ]);
    assert.equal(apsOccupationAgeSource.detectOnly, true);
    await assert.rejects(
      apsOccupationAgeSource.parse(
        { uri: '', bytes: new Uint8Array(), sha256: '' },
        { label: 'x', seriesKey: null, location: { mirrorPath: 'x', url: 'x' } },
        [],
      ),
    );
  });

  it('fails on an ad hoc page with no workbook, or a page that is not an ad hoc', async () => {
    await assert.rejects(
      apsOccupationAgeSource.discover!(routeContext('aps-occupation-age', routes(apsAgeAdhocRoutes('notes.pdf')))),
      /offers no workbook \(notes\.pdf\)/,
    );
    const notAdhoc = routes([
      [`https://www.ons.gov.uk${APS_AGE_ADHOC}/data`, json({ type: 'dataset_landing_page', uri: APS_AGE_ADHOC })],
    ]);
    await assert.rejects(apsOccupationAgeSource.discover!(routeContext('aps-occupation-age', notAdhoc)));
  });
});

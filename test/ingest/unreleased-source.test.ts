import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { essVacanciesNationsSource } from '../../src/ingest/sources/dfe/ess-vacancies-nations/descriptor.js';
import { occupationsInDemandSource } from '../../src/ingest/sources/dfe/occupations-in-demand/descriptor.js';
import { DFE_PROFILE } from '../../src/ingest/sources/dfe/publisher.js';
import { HOME_OFFICE_PROFILE } from '../../src/ingest/sources/home-office/publisher.js';
import { sponsoredWorkVisasSource } from '../../src/ingest/sources/home-office/sponsored-work-visas/descriptor.js';
import { apsOccupationSource } from '../../src/ingest/sources/ons/aps-occupation/descriptor.js';
import { onlineJobAdvertsLocalSource } from '../../src/ingest/sources/ons/online-job-adverts-local/descriptor.js';
import { onlineJobAdvertsSource } from '../../src/ingest/sources/ons/online-job-adverts/descriptor.js';
import { ONS_PROFILE } from '../../src/ingest/sources/ons/publisher.js';
import { mirrorUpstream } from '../../src/ingest/upstream.js';
import { UPSTREAM_DIR } from '../helpers/upstream.js';

describe('a registered source with no release', () => {
  it('finds none, even in the full mirror, and refuses to read one', async () => {
    for (const source of [essVacanciesNationsSource]) {
      assert.deepEqual(await source.detect(mirrorUpstream(UPSTREAM_DIR)), [], source.key);
      await assert.rejects(
        source.parse(
          { uri: 'x', bytes: new Uint8Array(), sha256: '' },
          { label: 'x', seriesKey: null, location: { mirrorPath: 'x', url: 'x' } },
          [],
        ),
        new RegExp(`no release of ${source.key}`),
      );
    }
  });

  it("keeps its publisher's profile and what it says differently", () => {
    assert.equal(essVacanciesNationsSource.publisher, DFE_PROFILE.publisher);
    assert.equal(
      essVacanciesNationsSource.url,
      'https://explore-education-statistics.service.gov.uk/find-statistics/employer-skills-survey',
    );
    assert.equal(apsOccupationSource.licence, ONS_PROFILE.licence);
    assert.equal(apsOccupationSource.publisher, 'Office for National Statistics (Nomis)');
    assert.equal(apsOccupationSource.tier, 'api');
    assert.deepEqual(
      [sponsoredWorkVisasSource.publisher, sponsoredWorkVisasSource.licence, sponsoredWorkVisasSource.cadence],
      [HOME_OFFICE_PROFILE.publisher, 'Open Government Licence v3.0', 'quarterly'],
    );
    assert.equal(occupationsInDemandSource.licence, DFE_PROFILE.licence);
    assert.equal(occupationsInDemandSource.attribution, DFE_PROFILE.attribution);
    assert.deepEqual([onlineJobAdvertsSource.cadence, onlineJobAdvertsLocalSource.cadence], ['monthly', 'quarterly']);
    assert.equal(onlineJobAdvertsLocalSource.attribution, ONS_PROFILE.attribution);
  });
});

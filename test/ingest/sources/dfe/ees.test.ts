import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { essVacanciesSource } from '../../../../src/ingest/sources/dfe/ess-vacancies/descriptor.js';
import { occupationsInDemandSource } from '../../../../src/ingest/sources/dfe/occupations-in-demand/descriptor.js';
import {
  ESS_FILE_ID,
  ESS_RELEASE,
  ESS_VERSION_ID,
  eesPublication,
  essRoutes,
  occupationsInDemandRoutes,
  DEMAND_VERSION_ID,
} from '../../../helpers/publisher-double/routes-ees.js';
import { bodyOf, routeContext, routeKey, routes } from '../../../helpers/publisher-double/routes.js';

const API = 'https://content.explore-education-statistics.service.gov.uk/api';

describe('Explore Education Statistics content API (DTO-built answers: no response is recorded)', () => {
  it('ESS vacancies: publication -> latest release -> data-content -> the vacancies-by-occupation file', async () => {
    const context = routeContext('ess-vacancies', routes(essRoutes()));
    const { releases, found } = await essVacanciesSource.discover!(context);
    assert.equal(found, undefined);
    assert.equal(releases.length, 1);
    const release = releases[0]!;
    assert.equal(release.location.url, `${API}/releases/${ESS_VERSION_ID}/files/${ESS_FILE_ID}`);
    assert.equal(release.location.mirrorPath, 'ess/data-employer-skills-survey.csv');
    assert.equal(release.label, 'Employer skills survey 2022: Vacancies by occupation (4-digit SOC 2010)');
    assert.equal(release.releasedAt, '2023-11-09T09:30:00Z');
    assert.equal(
      release.pageUrl,
      'https://explore-education-statistics.service.gov.uk/find-statistics/employer-skills-survey/2022',
    );
    assert.equal(release.fingerprint, `${ESS_VERSION_ID} ${ESS_FILE_ID}`);
    assert.equal(essVacanciesSource.tier, 'api');
    assert.deepEqual(context.log, [
      `${API}/publications/employer-skills-survey`,
      `${API}/publications/employer-skills-survey/releases/2022/data-content`,
      `${API}/publications/employer-skills-survey/releases/2022/version-summary`,
    ]);
  });

  it('ESS vacancies: the file at the discovered address is the tidy data the parser reads', async () => {
    const table = routes(essRoutes());
    const { releases } = await essVacanciesSource.discover!(routeContext('ess-vacancies', table));
    const bytes = bodyOf(table.get(routeKey(releases[0]!.location.url))!);
    const parsed = await essVacanciesSource.parse(
      { uri: releases[0]!.location.url, bytes, sha256: '' },
      releases[0]!,
      [],
    );
    assert.match(
      essVacanciesSource.labelOf!(parsed),
      /^Employer Skills Survey 2011, 2013, 2015, 2017, 2022: vacancies/,
    );
  });

  it('ESS vacancies: a release with no vacancies-by-occupation data set is an error naming what it has', async () => {
    const table = routes(
      eesPublication({
        slug: 'employer-skills-survey',
        title: 'Employer skills survey',
        release: ESS_RELEASE,
        versionId: ESS_VERSION_ID,
        published: '2025-11-01T09:30:00Z',
        dataSets: [{ fileId: 'f1', title: 'Training by sector' }],
      }),
    );
    await assert.rejects(
      essVacanciesSource.discover!(routeContext('ess-vacancies', table)),
      /employer-skills-survey\/2022 has no data set of vacancies by occupation \(Training by sector\)/,
    );
  });

  it("Occupations in demand: the latest release is read as its version's files zip", async () => {
    const context = routeContext('occupations-in-demand', routes(occupationsInDemandRoutes()));
    const discovery = await occupationsInDemandSource.discover!(context);
    const page = 'https://explore-education-statistics.service.gov.uk/find-statistics/occupations-in-demand/2025';
    assert.deepEqual(discovery, {
      releases: [
        {
          label: 'Occupations in demand: 2025',
          namedByPublisher: true,
          seriesKey: null,
          location: {
            mirrorPath: 'occupations-in-demand/occupations-in-demand_2025.zip',
            url: `${API}/releases/${DEMAND_VERSION_ID}/files`,
          },
          releasedAt: '2025-06-26T09:30:00Z',
          pageUrl: page,
          fingerprint: DEMAND_VERSION_ID,
        },
      ],
    });
    assert.ok(
      context.log.every((url) => !url.includes('/files')),
      'discovery downloads no data file',
    );
  });

  it('a publication naming no latest release is an error, not an empty discovery', async () => {
    const table = routes([
      [
        `${API}/publications/occupations-in-demand`,
        { contentType: 'application/json', body: '{"title":"x","slug":"occupations-in-demand","latestRelease":null}' },
      ],
    ]);
    await assert.rejects(
      occupationsInDemandSource.discover!(routeContext('occupations-in-demand', table)),
      /names no latestRelease/,
    );
  });
});

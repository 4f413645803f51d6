import { insertEssVacancies } from '../../../../store/vacancies.js';
import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { releaseAt } from '../../../single-file-sources.js';
import { eesDataContent, eesFileUrl, eesLatestRelease, eesVersionSummary } from '../ees.js';
import { dfeSource } from '../publisher.js';
import { checkEssVacancies, summariseEssVacancies } from './checks.js';
import { parseEssVacancies } from './parse.js';

/** DfE's page for the Employer Skills Survey on Explore Education Statistics. */
export const ESS_PAGE = 'https://explore-education-statistics.service.gov.uk/find-statistics/employer-skills-survey';

const MIRROR_PATH = 'ess/data-employer-skills-survey.csv';

/**
 * The latest ESS release's data set of vacancies by occupation on Explore Education Statistics:
 * the one whose title names both (the first in the release's order when several do).
 */
async function discoverVacanciesFile(context: DiscoveryContext): Promise<Discovery> {
  const release = await eesLatestRelease(context, 'employer-skills-survey');
  const content = await eesDataContent(context, release);
  const dataSet = content.dataSets.find((d) => /vacanc/i.test(d.title) && /occupation/i.test(d.title));
  if (!dataSet)
    throw new Error(
      `${release.pageUrl} has no data set of vacancies by occupation (${content.dataSets.map((d) => d.title).join('; ') || 'no data sets'})`,
    );
  const version = await eesVersionSummary(context, release);
  const url = eesFileUrl(content.releaseVersionId, dataSet.fileId);
  return {
    releases: [
      {
        label: `${release.publication} ${version.title}: ${dataSet.title}`,
        namedByPublisher: true,
        seriesKey: null,
        location: { mirrorPath: MIRROR_PATH, url },
        releasedAt: version.published,
        pageUrl: release.pageUrl,
        fingerprint: `${content.releaseVersionId} ${dataSet.fileId}`,
      },
    ],
  };
}

/**
 * The Employer Skills Survey's vacancies by SOC 2010 unit group, UK, as DfE's tidy data. The file
 * is read from the mirror's copy of DfE's analytical-services repository, or (publishers) found in
 * the latest release on Explore Education Statistics.
 */
export const essVacanciesSource = dfeSource({
  key: 'ess-vacancies',
  name: 'Employer Skills Survey: vacancies, hard-to-fill and skill-shortage vacancies by occupation (SOC 2010 unit group), UK',
  url: ESS_PAGE,
  cadence: 'every two years',
  tier: 'api',
  surface: 'Explore Education Statistics content API (publication -> latest release -> data-content)',
  discover: discoverVacanciesFile,
  detect: releaseAt(
    {
      mirrorPath: MIRROR_PATH,
      url: 'https://raw.githubusercontent.com/dfe-analytical-services/lsip_dashboard/921bba2ef7ac1eaaf9e0a64dd7c065687907357d/Data/2_2_3_skillsSurvey/data-employer-skills-survey.csv',
    },
    'Employer Skills Survey: vacancies by occupation (SOC 2010 unit group), UK',
  ),
  parse: async (file) => parseEssVacancies(file.bytes),
  labelOf: (release) =>
    `Employer Skills Survey ${release.years.join(', ')}: vacancies by occupation (SOC 2010 unit group), UK`,
  check: checkEssVacancies,
  summarise: summariseEssVacancies,
  stage: insertEssVacancies,
});

import { insertEssVacancies } from '../../../../store/vacancies.js';
import { releaseAt } from '../../../single-file-sources.js';
import { dfeSource } from '../publisher.js';
import { checkEssVacancies, summariseEssVacancies } from './checks.js';
import { parseEssVacancies } from './parse.js';

/** DfE's page for the Employer Skills Survey on Explore Education Statistics. */
export const ESS_PAGE = 'https://explore-education-statistics.service.gov.uk/find-statistics/employer-skills-survey';

/**
 * The Employer Skills Survey's vacancies by SOC 2010 unit group, UK, as DfE's tidy data. The file
 * is read from DfE's analytical-services repository at a fixed commit (the release's own address
 * on Explore Education Statistics is a download with no stable file URL).
 */
export const essVacanciesSource = dfeSource({
  key: 'ess-vacancies',
  name: 'Employer Skills Survey: vacancies, hard-to-fill and skill-shortage vacancies by occupation (SOC 2010 unit group), UK',
  url: ESS_PAGE,
  cadence: 'every two years',
  detect: releaseAt(
    {
      mirrorPath: 'ess/data-employer-skills-survey.csv',
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

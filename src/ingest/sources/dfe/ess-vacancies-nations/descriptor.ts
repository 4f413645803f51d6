import { unreleasedSource } from '../../../unreleased-source.js';
import { ESS_PAGE } from '../ess-vacancies/descriptor.js';
import { DFE_PROFILE } from '../publisher.js';

/**
 * The Employer Skills Survey's vacancies by occupation for each nation of the UK. The survey is
 * UK-wide and DfE and the devolved governments report nation results, but no release by nation
 * and occupation is reachable from here: registered so that `area=england|wales|scotland|northern-ireland`
 * answers 404 naming it, never a UK figure in a nation's name.
 */
export const essVacanciesNationsSource = unreleasedSource(DFE_PROFILE, {
  key: 'ess-vacancies-nations',
  name: 'Employer Skills Survey: vacancies by occupation (SOC 2010 unit group) for England, Wales, Scotland and Northern Ireland',
  url: ESS_PAGE,
  cadence: 'every two years',
});

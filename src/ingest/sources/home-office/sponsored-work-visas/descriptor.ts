import { unreleasedSource } from '../../../unreleased-source.js';
import { HOME_OFFICE_PROFILE } from '../publisher.js';

/**
 * Sponsored work visa applications and grants by occupation, quarterly, with grants by route,
 * nationality and sponsor industry (Home Office immigration system statistics, detailed data
 * tables). No release is reachable from here: registered so that the visa endpoints answer 404
 * naming it.
 */
export const sponsoredWorkVisasSource = unreleasedSource(HOME_OFFICE_PROFILE, {
  key: 'home-office-work-visas',
  name: 'Immigration system statistics: sponsored work visa applications and grants by occupation (SOC 2020 unit group), route, nationality and industry',
  url: 'https://www.gov.uk/government/statistical-data-sets/immigration-system-statistics-data-tables',
});

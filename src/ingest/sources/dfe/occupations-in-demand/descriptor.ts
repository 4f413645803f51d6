import { unreleasedSource } from '../../../unreleased-source.js';
import { DFE_PROFILE } from '../publisher.js';

/**
 * Skills England's yearly assessment of occupations in demand (official statistics in development,
 * on Explore Education Statistics). No release is reachable from here: registered so that the
 * demand endpoints answer 404 naming it.
 */
export const occupationsInDemandSource = unreleasedSource(DFE_PROFILE, {
  key: 'occupations-in-demand',
  name: 'Occupations in demand: the demand level of each occupation (SOC 2020 unit group) from five labour market indicators, UK',
  publisher: 'Skills England (Department for Education)',
  url: 'https://explore-education-statistics.service.gov.uk/find-statistics/occupations-in-demand',
  cadence: 'yearly',
});

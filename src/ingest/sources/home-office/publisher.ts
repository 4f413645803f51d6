import type { PublisherProfile } from '../../source.js';

/** What every Home Office source says alike: the publisher, the Open Government Licence and its credit. */
export const HOME_OFFICE_PROFILE: PublisherProfile = {
  publisher: 'Home Office',
  licence: 'Open Government Licence v3.0',
  url: 'https://www.gov.uk/government/collections/immigration-statistics-quarterly-release',
  cadence: 'quarterly',
  tier: 'api',
  attribution: 'Source: Home Office, immigration system statistics, licensed under the Open Government Licence v3.0.',
};

import type { PublisherProfile, SourceDescriptor } from '../../source.js';

/** What every ONS source says alike: the publisher, the Open Government Licence and its credit. */
const OGL = 'Open Government Licence v3.0';

export const ONS_ATTRIBUTION =
  'Source: Office for National Statistics licensed under the Open Government Licence v3.0.';

type OnsSourceSpec<Parsed> = Omit<SourceDescriptor<Parsed>, 'publisher' | 'licence' | 'attribution'> &
  Partial<Pick<SourceDescriptor<Parsed>, 'publisher' | 'attribution'>>;

/**
 * An ONS source: its publisher, licence and credit filled in, and what differs declared. A source
 * that names a part of ONS (Nomis, the Open Geography Portal) or owes a further credit overrides
 * `publisher` or `attribution`.
 */
export function onsSource<Parsed>(spec: OnsSourceSpec<Parsed>): SourceDescriptor<Parsed> {
  return { publisher: ONS_PROFILE.publisher, licence: OGL, attribution: ONS_ATTRIBUTION, ...spec };
}

/** The ONS profile for `mirrorFileSource`, whose spec names the dataset's own page, cadence and tier. */
export const ONS_PROFILE: PublisherProfile = {
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: 'https://www.ons.gov.uk/',
  cadence: null,
  tier: 'detectonly',
  attribution: ONS_ATTRIBUTION,
};

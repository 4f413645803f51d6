import type { PublisherProfile, SourceDescriptor } from '../../source.js';

/** What every Department for Education source says alike: the publisher, the Open Government Licence and its credit. */
export const DFE_PROFILE: PublisherProfile = {
  publisher: 'Department for Education',
  licence: 'Open Government Licence v3.0',
  url: 'https://explore-education-statistics.service.gov.uk/',
  cadence: null,
  tier: 'detectonly',
  attribution: 'Source: Department for Education, licensed under the Open Government Licence v3.0.',
};

type DfeSourceSpec<Parsed> = Omit<SourceDescriptor<Parsed>, keyof PublisherProfile> & Partial<PublisherProfile>;

/** A DfE source: the publisher's profile filled in, and what differs (its page, cadence) declared. */
export function dfeSource<Parsed>(spec: DfeSourceSpec<Parsed>): SourceDescriptor<Parsed> {
  return { ...DFE_PROFILE, ...spec };
}

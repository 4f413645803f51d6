import type { PublisherProfile, SourceDescriptor } from '../../source.js';

/** The NCS site, against which its own links ("/find-a-course") resolve. */
export const NCS_SITE = 'https://nationalcareers.service.gov.uk/';
/** Where every job profile is published: the slug follows. */
export const NCS_PROFILE_PAGE = `${NCS_SITE}job-profiles/`;

/** What every National Careers Service source says alike: the publisher, the Open Government Licence and the NCS credit. */
export const NCS_PROFILE: PublisherProfile = {
  publisher: 'National Careers Service (Department for Education)',
  licence: 'Open Government Licence v3.0',
  url: NCS_PROFILE_PAGE,
  cadence: null,
  tier: 'scrapeanddiff',
  attribution:
    'Contains public sector information from the National Careers Service licensed under the Open Government Licence v3.0.',
};

type NcsSourceSpec<Parsed> = Omit<SourceDescriptor<Parsed>, keyof PublisherProfile> & Partial<PublisherProfile>;

/** An NCS source: the publisher's profile filled in, and what differs declared. */
export function ncsSource<Parsed>(spec: NcsSourceSpec<Parsed>): SourceDescriptor<Parsed> {
  return { ...NCS_PROFILE, ...spec };
}

import type { PublisherProfile, SourceDescriptor } from '../../source.js';

/** Skills England's page of apprenticeships and technical qualifications by occupation. */
const SKILLS_ENGLAND_PAGE = 'https://skillsengland.education.gov.uk/apprenticeships/';

/**
 * What every Skills England source says alike. Its occupational standards are under the Open
 * Government Licence; the publisher also asks for its logo beside the data (the spec's "publisher's
 * logo"), which a caller displays: the attribution text says so.
 */
export const SKILLS_ENGLAND_PROFILE: PublisherProfile = {
  publisher: 'Skills England (Department for Education)',
  licence: 'Open Government Licence v3.0',
  url: SKILLS_ENGLAND_PAGE,
  cadence: null,
  tier: 'api',
  attribution:
    'Contains public sector information from Skills England licensed under the Open Government Licence v3.0. Display the Skills England logo with this data.',
};

type SkillsEnglandSourceSpec<Parsed> = Omit<SourceDescriptor<Parsed>, keyof PublisherProfile> &
  Partial<PublisherProfile>;

/** A Skills England source: the publisher's profile filled in, and what differs declared. */
export function skillsEnglandSource<Parsed>(spec: SkillsEnglandSourceSpec<Parsed>): SourceDescriptor<Parsed> {
  return { ...SKILLS_ENGLAND_PROFILE, ...spec };
}

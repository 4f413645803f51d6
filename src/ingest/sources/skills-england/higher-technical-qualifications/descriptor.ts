import { unreleasedSource } from '../../../unreleased-source.js';
import { SKILLS_ENGLAND_PROFILE } from '../publisher.js';

/**
 * Higher technical qualifications by occupation: Skills England publishes them beside the apprenticeship standards, but no
 * release is in the mirror. Registered so that /v1/meta/sources and the apprenticeships coverage say so.
 */
export const higherTechnicalQualificationsSource = unreleasedSource(SKILLS_ENGLAND_PROFILE, {
  key: 'higher-technical-qualifications',
  name: 'Higher technical qualifications (HTQs) approved by Skills England',
});

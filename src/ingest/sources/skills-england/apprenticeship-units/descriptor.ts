import { unreleasedSource } from '../../../unreleased-source.js';
import { SKILLS_ENGLAND_PROFILE } from '../publisher.js';

/**
 * Apprenticeship units by occupation: Skills England publishes them beside the apprenticeship standards, but no
 * release is in the mirror. Registered so that /v1/meta/sources and the apprenticeships coverage say so.
 */
export const apprenticeshipUnitsSource = unreleasedSource(SKILLS_ENGLAND_PROFILE, {
  key: 'apprenticeship-units',
  name: 'Apprenticeship units (Skills England)',
});

import { unreleasedSource } from '../../../unreleased-source.js';
import { SKILLS_ENGLAND_PROFILE } from '../publisher.js';

/**
 * T Levels by occupation: Skills England publishes them beside the apprenticeship standards, but no
 * release is in the mirror. Registered so that /v1/meta/sources and the apprenticeships coverage say so.
 */
export const tLevelsSource = unreleasedSource(SKILLS_ENGLAND_PROFILE, {
  key: 't-levels',
  name: 'T Levels (Skills England): the T Levels approved for each occupation',
});

import { insertApprenticeshipStandards } from '../../../../store/apprenticeships.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import type { ApprenticeshipStandardsRelease } from '../../../../domain/apprenticeships.js';
import { releaseAt } from '../../../single-file-sources.js';
import { skillsEnglandSource } from '../publisher.js';
import { parseApprenticeshipStandards, STANDARDS_FILE } from './parse.js';

/** The status of a standard employers can use now. */
const APPROVED_FOR_DELIVERY = 'Approved for delivery';

/** Skills England's API: one JSON array of every version of every standard (about 75-78 MB in 2026). */
const STANDARDS_API = 'https://skillsengland.education.gov.uk/api/apprenticeshipstandards';
const LOCATION = { mirrorPath: `ifate-standards/${STANDARDS_FILE}`, url: STANDARDS_API };
const MiB = 1024 * 1024;

function labelOf(release: ApprenticeshipStandardsRelease): string {
  const approved = release.standards.filter((s) => s.status === APPROVED_FOR_DELIVERY).length;
  const day = release.retrievedAt.slice(0, 10);
  // The mirror's retrieval kept only approved standards; the API lists every standard with its status.
  return approved === release.standards.length
    ? `Apprenticeship standards approved for delivery, ${approved} retrieved ${day}`
    : `Apprenticeship standards (Skills England API): ${release.standards.length} standards, ${approved} approved for delivery, retrieved ${day}`;
}

/**
 * Apprenticeship standards with their status, as Skills England's apprenticeship standards API
 * gives them on one day: the API's whole list (each standard's latest version), or the mirror's
 * retrieval of part of the approved list (see the README).
 */
export const apprenticeshipStandardsSource = skillsEnglandSource({
  key: 'apprenticeship-standards',
  name: 'Apprenticeship standards approved for delivery (Skills England)',
  surface: 'Skills England apprenticeship standards API (one JSON array, read element by element)',
  discover: async () => ({
    releases: [
      {
        label: 'Apprenticeship standards (Skills England API)',
        seriesKey: null,
        location: LOCATION,
        pageUrl: 'https://skillsengland.education.gov.uk/apprenticeships/',
      },
    ],
  }),
  detect: releaseAt(LOCATION, 'Apprenticeship standards approved for delivery'),
  // The API's array is about 78 MB; it is read element by element, never as one string.
  limits: { maxFileBytes: 128 * MiB },
  parse: async (file) => parseApprenticeshipStandards(file.bytes),
  labelOf,
  // Statuses are kept as given: retired and withdrawn standards are what includeInactive lists.
  check: (release) => [
    ...atLeast('at least 100 standards', release.standards.length, 100),
    ...atLeast(
      `at least 100 standards "${APPROVED_FOR_DELIVERY}"`,
      release.standards.filter((s) => s.status === APPROVED_FOR_DELIVERY).length,
      100,
    ),
    ...eachKeyOnce(
      'each reference once',
      release.standards.map((s) => s.code),
    ),
  ],
  stage: insertApprenticeshipStandards,
});

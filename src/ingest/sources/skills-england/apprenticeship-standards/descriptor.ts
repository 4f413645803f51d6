import { insertApprenticeshipStandards } from '../../../../store/apprenticeships.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { releaseAt } from '../../../single-file-sources.js';
import { skillsEnglandSource } from '../publisher.js';
import { parseApprenticeshipStandards, STANDARDS_FILE } from './parse.js';

/** The status of a standard employers can use now. */
const APPROVED_FOR_DELIVERY = 'Approved for delivery';

/**
 * Apprenticeship standards approved for delivery, as Skills England's apprenticeship standards
 * API gave them on one day (the mirror holds a retrieval of part of the list; see the README).
 */
export const apprenticeshipStandardsSource = skillsEnglandSource({
  key: 'apprenticeship-standards',
  name: 'Apprenticeship standards approved for delivery (Skills England)',
  detect: releaseAt(
    {
      mirrorPath: `ifate-standards/${STANDARDS_FILE}`,
      url: 'https://skillsengland.education.gov.uk/api/apprenticeshipstandards',
    },
    'Apprenticeship standards approved for delivery',
  ),
  parse: async (file) => parseApprenticeshipStandards(file.bytes),
  labelOf: (release) =>
    `Apprenticeship standards approved for delivery, ${release.standards.length} retrieved ${release.retrievedAt.slice(0, 10)}`,
  check: (release) => [
    ...atLeast('at least 100 standards', release.standards.length, 100),
    ...eachKeyOnce(
      'each reference once',
      release.standards.map((s) => s.code),
    ),
    ...release.standards
      .filter((s) => s.status !== APPROVED_FOR_DELIVERY)
      .slice(0, 1)
      .map(() => ({
        rule: `every standard is "${APPROVED_FOR_DELIVERY}"`,
        status: 'fail' as const,
        observed: release.standards
          .filter((s) => s.status !== APPROVED_FOR_DELIVERY)
          .map((s) => `${s.code} ${s.status}`)
          .slice(0, 10)
          .join(', '),
      })),
  ],
  stage: insertApprenticeshipStandards,
});

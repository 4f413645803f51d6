import { insertApprenticeshipStandards } from '../../../../store/apprenticeships.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import type { ApprenticeshipStandardsRelease } from '../../../../domain/apprenticeships.js';
import { mirrorFileSource } from '../../../single-file-sources.js';
import { SKILLS_ENGLAND_PROFILE } from '../publisher.js';
import { parseApprenticeshipStandards2023, STANDARDS_2023_FILE } from './parse.js';

const APPROVED_FOR_DELIVERY = 'Approved for delivery';
/** The public repository the answers were relayed from (see the README). */
const RELAY =
  'https://github.com/SkillsFundingAgency/das-commitments-statement-prototype/tree/5c48960cdda4c65a11abcdf78e2b289214d70b6c/app/data/standards';

function labelOf(release: ApprenticeshipStandardsRelease): string {
  const approved = release.standards.filter((s) => s.status === APPROVED_FOR_DELIVERY).length;
  return `Apprenticeship standards as of January 2023 (institute's API answers): ${release.standards.length} standards, ${approved} then approved for delivery, last updated ${release.retrievedAt.slice(0, 10)}`;
}

/**
 * The Institute for Apprenticeships' API answers for LARS codes 0-693 as of January 2023, relayed
 * unaltered by a DfE prototype repository: the standards the 2026 list lacks, with their entry
 * requirements, recognition and degree. Its statuses are of January 2023, never today's.
 */
export const apprenticeshipStandards2023Source = mirrorFileSource('ifate-standards-2023', SKILLS_ENGLAND_PROFILE, {
  key: 'apprenticeship-standards-2023',
  name: 'Apprenticeship standards as of January 2023 (Institute for Apprenticeships API answers)',
  publisher: 'Institute for Apprenticeships and Technical Education (now Skills England), Department for Education',
  url: RELAY,
  tier: 'detectonly',
  file: STANDARDS_2023_FILE,
  label: 'Apprenticeship standards as of January 2023 (institute API answers)',
  // 21 MB of JSON parsed at once: more heap than the default.
  limits: { maxHeapMb: 768 },
  parse: parseApprenticeshipStandards2023,
  labelOf,
  check: (release) => [
    ...atLeast('at least 500 standards', release.standards.length, 500),
    ...atLeast(
      `at least 400 standards "${APPROVED_FOR_DELIVERY}"`,
      release.standards.filter((s) => s.status === APPROVED_FOR_DELIVERY).length,
      400,
    ),
    ...eachKeyOnce(
      'each reference once',
      release.standards.map((s) => s.code),
    ),
  ],
  stage: insertApprenticeshipStandards,
});

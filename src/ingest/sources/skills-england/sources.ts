import type { AnySourceDescriptor } from '../../source.js';
import { apprenticeshipStandards2023Source } from './apprenticeship-standards-2023/descriptor.js';
import { apprenticeshipStandardsSource } from './apprenticeship-standards/descriptor.js';
import { apprenticeshipUnitsSource } from './apprenticeship-units/descriptor.js';
import { foundationApprenticeshipsSource } from './foundation-apprenticeships/descriptor.js';
import { higherTechnicalQualificationsSource } from './higher-technical-qualifications/descriptor.js';
import { tLevelsSource } from './t-levels/descriptor.js';

/** Skills England's occupational products: the approved standards (2026, and the institute's answers of January 2023), and those of which no release is available. */
export const ROUTES_IN_SOURCES: AnySourceDescriptor[] = [
  apprenticeshipStandardsSource,
  apprenticeshipStandards2023Source,
  tLevelsSource,
  foundationApprenticeshipsSource,
  apprenticeshipUnitsSource,
  higherTechnicalQualificationsSource,
];

import type { AnySourceDescriptor } from '../../source.js';
import { apprenticeshipStandardsSource } from './apprenticeship-standards/descriptor.js';
import { apprenticeshipUnitsSource } from './apprenticeship-units/descriptor.js';
import { foundationApprenticeshipsSource } from './foundation-apprenticeships/descriptor.js';
import { higherTechnicalQualificationsSource } from './higher-technical-qualifications/descriptor.js';
import { tLevelsSource } from './t-levels/descriptor.js';

/** Skills England's occupational products: the approved standards, and those of which no release is available. */
export const ROUTES_IN_SOURCES: AnySourceDescriptor[] = [
  apprenticeshipStandardsSource,
  tLevelsSource,
  foundationApprenticeshipsSource,
  apprenticeshipUnitsSource,
  higherTechnicalQualificationsSource,
];

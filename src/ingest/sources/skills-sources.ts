import type { AnySourceDescriptor } from '../source.js';
import { escoOccupationSkillsSource } from './esco-occupation-skills/descriptor.js';
import { escoOccupationsSource } from './esco-occupations/descriptor.js';
import { escoSkillsSource } from './esco-skills/descriptor.js';
import { iscoUsSocCrosswalkSource } from './isco-us-soc-crosswalk/descriptor.js';
import { onetAbilitiesSource } from './onet-abilities/descriptor.js';
import { onetInterestsSource } from './onet-interests/descriptor.js';
import { onetOccupationsSource } from './onet-occupations/descriptor.js';
import { onetSoc2010CrosswalkSource } from './onet-soc-2010-crosswalk/descriptor.js';

/** The three ESCO files the skills endpoint joins (through the ISCO-08 column of the coding index). */
export const ESCO_SOURCES: AnySourceDescriptor[] = [escoOccupationsSource, escoSkillsSource, escoOccupationSkillsSource];

/** The chain behind the work profile: ISCO-08 -> US SOC 2010 -> O*NET-SOC 2019 -> ratings. */
export const ONET_SOURCES: AnySourceDescriptor[] = [iscoUsSocCrosswalkSource, onetSoc2010CrosswalkSource, onetOccupationsSource, onetInterestsSource, onetAbilitiesSource];

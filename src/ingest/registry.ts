import type { AnySourceDescriptor } from './source.js';
import { iscoUsSocCrosswalkSource } from './sources/bls/isco-us-soc-crosswalk/descriptor.js';
import { essVacanciesNationsSource } from './sources/dfe/ess-vacancies-nations/descriptor.js';
import { essVacanciesSource } from './sources/dfe/ess-vacancies/descriptor.js';
import { lmspEnglandSource } from './sources/dfe/lmsp-england/descriptor.js';
import { LMSP_OTHER_AREA_SOURCES } from './sources/dfe/lmsp-other-areas/descriptor.js';
import { occupationsInDemandSource } from './sources/dfe/occupations-in-demand/descriptor.js';
import { workingFuturesUkSource } from './sources/dfe/working-futures-uk/descriptor.js';
import { escoOccupationSkillsSource } from './sources/esco/esco-occupation-skills/descriptor.js';
import { escoOccupationsSource } from './sources/esco/esco-occupations/descriptor.js';
import { escoSkillsSource } from './sources/esco/esco-skills/descriptor.js';
import { sponsoredWorkVisasSource } from './sources/home-office/sponsored-work-visas/descriptor.js';
import { ncsContentExportSource } from './sources/ncs/ncs-content-export-2020/descriptor.js';
import { ncsJobProfilesSource } from './sources/ncs/ncs-job-profiles/descriptor.js';
import { onetAbilitiesSource } from './sources/onet/onet-abilities/descriptor.js';
import { onetInterestsSource } from './sources/onet/onet-interests/descriptor.js';
import { onetOccupationsSource } from './sources/onet/onet-occupations/descriptor.js';
import { onetSoc2010CrosswalkSource } from './sources/onet/onet-soc-2010-crosswalk/descriptor.js';
import { onetSoc2018CrosswalkSource } from './sources/onet/onet-soc-2018-crosswalk/descriptor.js';
import { onetSoc2019CrosswalkSource } from './sources/onet/onet-soc-2019-crosswalk/descriptor.js';
import { apsOccupationIndustrySource } from './sources/ons/aps-occupation-industry/descriptor.js';
import { apsOccupationSource } from './sources/ons/aps-occupation/descriptor.js';
import { apsOccupationAgeSource } from './sources/ons/aps-occupation-age/descriptor.js';
import { censusOccupationAgeSource } from './sources/ons/census-occupation-age/descriptor.js';
import { asheTable14Source } from './sources/ons/ashe-table14/descriptor.js';
import { asheTable15Source } from './sources/ons/ashe-table15/descriptor.js';
import { onlineJobAdvertsLocalSource } from './sources/ons/online-job-adverts-local/descriptor.js';
import { onlineJobAdvertsSource } from './sources/ons/online-job-adverts/descriptor.js';
import { geographySource } from './sources/ons/ons-geography/descriptor.js';
import { socCrosswalkSource } from './sources/ons/soc-crosswalk/descriptor.js';
import { socDescriptionsSource } from './sources/ons/soc2020-descriptions/descriptor.js';
import { codingIndexSource } from './sources/ons/soc2020-index/descriptor.js';
import { socStructureSource } from './sources/ons/soc2020-structure/descriptor.js';
import { ROUTES_IN_SOURCES } from './sources/skills-england/sources.js';

/** The three ESCO files the skills endpoint joins (through the ISCO-08 column of the coding index). */
export const ESCO_SOURCES: AnySourceDescriptor[] = [
  escoOccupationsSource,
  escoSkillsSource,
  escoOccupationSkillsSource,
];

/** The chain behind the work profile: ISCO-08 -> US SOC 2010 -> O*NET-SOC 2010 -> O*NET-SOC 2019 (-> 2018 SOC) -> ratings. */
export const WORK_PROFILE_SOURCES: AnySourceDescriptor[] = [
  iscoUsSocCrosswalkSource,
  onetSoc2010CrosswalkSource,
  onetSoc2019CrosswalkSource,
  onetSoc2018CrosswalkSource,
  onetOccupationsSource,
  onetInterestsSource,
  onetAbilitiesSource,
];

/** The projections by occupation: England from the 2020-2035 round, the UK from Working Futures 2017-2027, the rest of the round unreleased. */
const PROJECTION_SOURCES: AnySourceDescriptor[] = [
  lmspEnglandSource,
  workingFuturesUkSource,
  ...LMSP_OTHER_AREA_SOURCES,
];

/** Every source the service knows, in ingest order (sources others depend on come first): one line a source. */
export const SOURCES: AnySourceDescriptor[] = [
  socStructureSource,
  codingIndexSource,
  socDescriptionsSource,
  socCrosswalkSource,
  ...ESCO_SOURCES,
  ...WORK_PROFILE_SOURCES,
  geographySource,
  apsOccupationIndustrySource,
  apsOccupationSource,
  apsOccupationAgeSource,
  censusOccupationAgeSource,
  asheTable14Source,
  asheTable15Source,
  essVacanciesSource,
  essVacanciesNationsSource,
  ...PROJECTION_SOURCES,
  ncsContentExportSource,
  ...ROUTES_IN_SOURCES,
  sponsoredWorkVisasSource,
  occupationsInDemandSource,
  onlineJobAdvertsSource,
  onlineJobAdvertsLocalSource,
  // Last: read from the publisher it is a scrape of ~740 pages a second apart (about 13 minutes),
  // which must not hold up the releases of the sources above in the same run.
  ncsJobProfilesSource,
];

export function findSource(key: string): AnySourceDescriptor | undefined {
  return SOURCES.find((s) => s.key === key);
}

import type { AnySourceDescriptor } from './source.js';
import { apsOccupationSource } from './sources/aps-occupation/descriptor.js';
import { apsOccupationIndustrySource } from './sources/aps-occupation-industry/descriptor.js';
import { geographySource } from './sources/ons-geography/descriptor.js';
import { asheTable14Source } from './sources/ashe-table14/descriptor.js';
import { asheTable15Source } from './sources/ashe-table15/descriptor.js';
import { socDescriptionsSource } from './sources/soc2020-descriptions/descriptor.js';
import { codingIndexSource } from './sources/soc2020-index/descriptor.js';
import { socStructureSource } from './sources/soc2020-structure/descriptor.js';
import { ESCO_SOURCES, ONET_SOURCES } from './sources/skills-sources.js';

/** Every source the service knows, in ingest order (sources others depend on come first). */
export const SOURCES: AnySourceDescriptor[] = [
  socStructureSource,
  codingIndexSource,
  socDescriptionsSource,
  ...ESCO_SOURCES,
  ...ONET_SOURCES,
  geographySource,
  apsOccupationIndustrySource,
  apsOccupationSource,
  asheTable14Source,
  asheTable15Source,
];

export function findSource(key: string): AnySourceDescriptor | undefined {
  return SOURCES.find((s) => s.key === key);
}

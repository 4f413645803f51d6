import type { SourceDescriptor } from '../../../source.js';
import { unreleasedSource } from '../../../unreleased-source.js';
import { LMSP_CITATION, LMSP_PAGE } from '../lmsp-england/descriptor.js';
import { DFE_PROFILE } from '../publisher.js';
import type { SourceKey } from '../../../../domain/sources.js';

/**
 * The workbooks of the 2020-2035 round that DfE publishes for the UK, the other nations and the
 * English regions, none of which is reachable here: registered so that `/v1/meta/sources` lists
 * them and `area=` answers 404 naming the one it needs, never England's or an older round's
 * figures under another area's name.
 */
const lmspWorkbook = (key: SourceKey, workbook: string) =>
  unreleasedSource(DFE_PROFILE, {
    key,
    name: `Labour market and skills projections 2020 to 2035: ${workbook}, by occupation (SOC 2020 sub-major groups)`,
    url: LMSP_PAGE,
    attribution: LMSP_CITATION,
  });

export const LMSP_OTHER_AREA_SOURCES: SourceDescriptor<never>[] = [
  lmspWorkbook('lmsp-uk', 'United Kingdom workbook'),
  lmspWorkbook('lmsp-wales', 'Wales workbook'),
  lmspWorkbook('lmsp-scotland', 'Scotland workbook'),
  lmspWorkbook('lmsp-northern-ireland', 'Northern Ireland workbook'),
  lmspWorkbook('lmsp-english-regions', 'English region workbooks (one for each of the nine regions)'),
];

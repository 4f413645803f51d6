import { insertSocCrosswalk } from '../../../../store/soc-crosswalk.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import { mirrorFileSource } from '../../../single-file-sources.js';
import { ONS_PROFILE } from '../publisher.js';
import { checkSocCrosswalk } from './checks.js';
import { RELATIONSHIP_PAGE_URL, discoverRelationshipTables } from './discover.js';
import { parseSocCrosswalk } from './parse.js';

/**
 * ONS's shares of each SOC 2010 unit group's dual-coded records in each SOC 2020 unit group. The
 * mirror holds a re-laid-out copy (ONS's own workbook was not available), which is what the parser
 * reads, and its label says it is a copy. At ONS the relationship page's workbooks are found and
 * named (`detectOnly`), never read: their layout has not been seen.
 */
export const socCrosswalkSource = mirrorFileSource('soc-crosswalk', ONS_PROFILE, {
  key: 'soc-crosswalk',
  name: 'SOC 2010 to SOC 2020 relationship table (dual-coded LFS 2014-2016 and 2011 Census records)',
  url: RELATIONSHIP_PAGE_URL,
  cadence: null,
  tier: 'detectonly',
  detectOnly: true,
  surface: 'ONS methodology page (the relationship tables it links)',
  discover: discoverRelationshipTables,
  file: 'ONS_SOC2010_SOC2020.xlsx',
  label: 'SOC 2010 to SOC 2020 relationship shares, ONS dual-coded LFS 2014-2016 and 2011 Census (re-laid-out copy)',
  parse: async (bytes) => parseSocCrosswalk(await readWorkbook(bytes)),
  check: (crosswalk) => checkSocCrosswalk(crosswalk),
  stage: insertSocCrosswalk,
});

import { insertSocCrosswalk } from '../../../../store/soc-crosswalk.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import { mirrorFileSource } from '../../../single-file-sources.js';
import { ONS_PROFILE } from '../publisher.js';
import { checkSocCrosswalk } from './checks.js';
import { parseSocCrosswalk } from './parse.js';

/**
 * ONS's shares of each SOC 2010 unit group's dual-coded records in each SOC 2020 unit group. The
 * mirror holds a re-laid-out copy (ONS's own workbook was not available), so the release is found
 * only in the mirror, and its label says it is a copy.
 */
export const socCrosswalkSource = mirrorFileSource('soc-crosswalk', ONS_PROFILE, {
  key: 'soc-crosswalk',
  name: 'SOC 2010 to SOC 2020 relationship table (dual-coded LFS and Census 2021 records)',
  url: 'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/relationshipbetweenstandardoccupationalclassification2010andsoc2020',
  cadence: null,
  tier: 'detectonly',
  file: 'ONS_SOC2010_SOC2020.xlsx',
  label: 'SOC 2010 to SOC 2020 relationship shares, ONS dual-coded LFS and Census 2021 (re-laid-out copy)',
  parse: async (bytes) => parseSocCrosswalk(await readWorkbook(bytes)),
  check: (crosswalk) => checkSocCrosswalk(crosswalk),
  stage: insertSocCrosswalk,
});

import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import { onetTaxonomySource } from '../publisher.js';
import { insertOnetSoc2019Links } from '../../../../store/work-profile.js';
import { ONET_2010_TO_2019_FILE, parseOnetSoc2019Crosswalk } from './parse.js';

export const onetSoc2019CrosswalkSource = onetTaxonomySource({
  key: 'onet-soc-2019-crosswalk',
  name: 'O*NET-SOC 2010 to O*NET-SOC 2019 crosswalk',
  file: ONET_2010_TO_2019_FILE,
  label: 'O*NET-SOC 2010 to 2019 crosswalk',
  parse: async (bytes) => parseOnetSoc2019Crosswalk(await readWorkbook(bytes)),
  labelOf: (links) =>
    `O*NET-SOC 2010 to 2019 crosswalk, ${links.length.toLocaleString('en-GB')} rows (${new Set(links.map((l) => l.onetSoc2010)).size.toLocaleString('en-GB')} O*NET-SOC 2010 to ${new Set(links.map((l) => l.onetSoc2019)).size.toLocaleString('en-GB')} O*NET-SOC 2019 occupations)`,
  check: (links) => [
    ...atLeast('at least 1,100 rows (this release has 1,164)', links.length, 1100),
    ...atLeast(
      'at least 1,000 distinct O*NET-SOC 2010 occupations (this release has 1,110)',
      new Set(links.map((l) => l.onetSoc2010)).size,
      1000,
    ),
    ...eachKeyOnce(
      'each (2010, 2019) pair once',
      links.map((l) => `${l.onetSoc2010} -> ${l.onetSoc2019}`),
    ),
  ],
  stage: insertOnetSoc2019Links,
});

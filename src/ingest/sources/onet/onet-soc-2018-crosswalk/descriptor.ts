import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import { onetTaxonomySource } from '../publisher.js';
import { insertOnetSoc2018Links } from '../../../../store/work-profile.js';
import { ONET_2019_TO_SOC_FILE, parseOnetSoc2018Crosswalk } from './parse.js';

export const onetSoc2018CrosswalkSource = onetTaxonomySource({
  key: 'onet-soc-2018-crosswalk',
  name: 'O*NET-SOC 2019 to 2018 SOC crosswalk',
  file: ONET_2019_TO_SOC_FILE,
  label: 'O*NET-SOC 2019 to 2018 SOC crosswalk',
  parse: async (bytes) => parseOnetSoc2018Crosswalk(await readWorkbook(bytes)),
  labelOf: (links) =>
    `O*NET-SOC 2019 to 2018 SOC crosswalk, ${links.length.toLocaleString('en-GB')} O*NET-SOC 2019 occupations in ${new Set(links.map((l) => l.usSoc2018)).size.toLocaleString('en-GB')} 2018 SOC occupations`,
  check: (links) => [
    ...atLeast('at least 900 occupations (this release has 1,016)', links.length, 900),
    ...eachKeyOnce(
      'each O*NET-SOC 2019 code once',
      links.map((l) => l.onetSoc2019),
    ),
  ],
  stage: insertOnetSoc2018Links,
});

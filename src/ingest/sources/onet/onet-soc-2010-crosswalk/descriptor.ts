import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import { onetFileSource, taxonomyDiscovery } from '../publisher.js';
import { insertOnetSoc2010Links } from '../../../../store/work-profile.js';
import { ONET_2010_FILE, parseOnetSoc2010Crosswalk } from './parse.js';

const TAXONOMY_2010_PAGE = 'https://www.onetcenter.org/taxonomy/2010/soc.html';

/** A one-off file of O*NET's taxonomy pages, not of the database releases: its own page, no cadence. */
export const onetSoc2010CrosswalkSource = onetFileSource({
  key: 'onet-soc-2010-crosswalk',
  name: 'O*NET-SOC 2010 to 2010 SOC crosswalk',
  url: TAXONOMY_2010_PAGE,
  cadence: null,
  tier: 'scrapeanddiff',
  surface: 'O*NET taxonomy page links',
  discover: taxonomyDiscovery(
    TAXONOMY_2010_PAGE,
    'onet',
    { file: ONET_2010_FILE, label: 'O*NET-SOC 2010 to 2010 SOC crosswalk' },
    /(2010.*SOC|SOC.*2010).*\.xlsx?$/i,
  ),
  file: ONET_2010_FILE,
  label: 'O*NET-SOC 2010 to 2010 SOC crosswalk',
  parse: async (bytes) => parseOnetSoc2010Crosswalk(await readWorkbook(bytes)),
  labelOf: (links) =>
    `O*NET-SOC 2010 to 2010 SOC crosswalk, ${links.length.toLocaleString('en-GB')} O*NET-SOC 2010 occupations`,
  check: (links) => [
    ...atLeast('at least 1,000 occupations (this release has 1,110)', links.length, 1000),
    ...eachKeyOnce(
      'each O*NET-SOC 2010 code once',
      links.map((l) => l.onetSoc2010),
    ),
  ],
  stage: insertOnetSoc2010Links,
});

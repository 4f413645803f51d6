import { insertOnetSoc2010Links } from '../../../../store/onet.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { ONET_ATTRIBUTION, ONET_LICENCE, ONET_PUBLISHER, detectOnetFile } from '../publisher.js';
import { ONET_2010_FILE, parseOnetSoc2010Crosswalk } from './parse.js';
import type { Check } from '../../../../domain/editions.js';
import type { OnetSoc2010Link } from '../../../../domain/work-profile.js';

const TAXONOMY_PAGE = 'https://www.onetcenter.org/taxonomy/2010/soc.html';

export const onetSoc2010CrosswalkSource: SourceDescriptor<OnetSoc2010Link[]> = {
  key: 'onet-soc-2010-crosswalk',
  name: 'O*NET-SOC 2010 to 2010 SOC crosswalk',
  publisher: ONET_PUBLISHER,
  licence: ONET_LICENCE,
  url: TAXONOMY_PAGE,
  cadence: null,
  tier: 'detectonly',
  attribution: ONET_ATTRIBUTION,

  detect: (upstream) => detectOnetFile(upstream, ONET_2010_FILE, 'O*NET-SOC 2010 to 2010 SOC crosswalk', TAXONOMY_PAGE),

  async parse(file) {
    return parseOnetSoc2010Crosswalk(await readWorkbook(file.bytes));
  },

  labelOf(links) {
    return `O*NET-SOC 2010 to 2010 SOC crosswalk, ${links.length.toLocaleString('en-GB')} O*NET-SOC 2010 occupations`;
  },

  check(links): Check[] {
    return [...atLeast('at least 1,000 occupations (this release has 1,110)', links.length, 1000), ...eachKeyOnce('each O*NET-SOC 2010 code once', links.map((l) => l.onetSoc2010))];
  },

  stage(trx, editionId, links) {
    return insertOnetSoc2010Links(trx, editionId, links);
  },
};

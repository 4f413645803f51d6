import { insertIscoUsSocLinks } from '../../../../store/onet.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import type { FileLocation } from '../../../upstream.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { CROSSWALK_SHEET, parseIscoUsSocCrosswalk, type IscoUsSocCrosswalk } from './parse.js';
import type { Check } from '../../../../domain/editions.js';

const LOCATION: FileLocation = { mirrorPath: 'onet/ISCO_SOC_Crosswalk.xls', url: 'https://www.bls.gov/soc/ISCO_SOC_Crosswalk.xls' };

export const iscoUsSocCrosswalkSource: SourceDescriptor<IscoUsSocCrosswalk> = {
  key: 'isco-us-soc-crosswalk',
  name: 'ISCO-08 to 2010 SOC crosswalk',
  publisher: 'U.S. Bureau of Labor Statistics',
  licence: 'Public domain (U.S. Government work)',
  url: 'https://www.bls.gov/soc/soccrosswalks.htm',
  cadence: null,
  tier: 'detectonly',
  attribution: 'Crosswalk between ISCO-08 and the 2010 SOC: U.S. Bureau of Labor Statistics.',

  async detect(upstream) {
    if (!(await upstream.has(LOCATION))) return [];
    return [{ label: 'ISCO-08 to 2010 SOC crosswalk', seriesKey: null, location: LOCATION }];
  },

  async parse(file) {
    return parseIscoUsSocCrosswalk(await readWorkbook(file.bytes, { sheets: [CROSSWALK_SHEET] }));
  },

  labelOf(crosswalk) {
    return `ISCO-08 to 2010 SOC crosswalk, ${crosswalk.dated}`;
  },

  check(crosswalk): Check[] {
    const notUnitGroups = crosswalk.links.filter((l) => !/^\d{4}$/.test(l.isco08));
    return [
      ...atLeast('at least 1,000 pairs (this release has 1,125)', crosswalk.links.length, 1000),
      ...eachKeyOnce('each ISCO-08 / 2010 SOC pair once', crosswalk.links.map((l) => `${l.isco08} ${l.usSoc2010}`)),
      ...(notUnitGroups.length > 0
        ? [{ rule: 'every ISCO-08 code is a four-digit unit group', status: 'warn' as const, observed: `${notUnitGroups.length} pairs name a broader group, never matched: ${notUnitGroups.map((l) => `${l.isco08} ${l.usSoc2010}`).join(', ')}` }]
        : []),
    ];
  },

  stage(trx, editionId, crosswalk) {
    return insertIscoUsSocLinks(trx, editionId, crosswalk.links);
  },
};

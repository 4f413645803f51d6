import { readWorkbook } from '../../../formats/workbook-worker.js';
import { releaseAt } from '../../../single-file-sources.js';
import type { SourceDescriptor } from '../../../source.js';
import { insertIscoUsSocLinks } from '../../../../store/work-profile.js';
import { checkIscoUsSocCrosswalk } from './checks.js';
import { CROSSWALK_SHEET, parseIscoUsSocCrosswalk, type IscoUsSocCrosswalk } from './parse.js';

const LOCATION = { mirrorPath: 'onet/ISCO_SOC_Crosswalk.xls', url: 'https://www.bls.gov/soc/ISCO_SOC_Crosswalk.xls' };

/** The one BLS source: its descriptor is written out in full (a factory pays off from a publisher's second source). */
export const iscoUsSocCrosswalkSource: SourceDescriptor<IscoUsSocCrosswalk> = {
  key: 'isco-us-soc-crosswalk',
  name: 'ISCO-08 to 2010 SOC crosswalk',
  publisher: 'U.S. Bureau of Labor Statistics',
  licence: 'Public domain (U.S. Government work)',
  url: 'https://www.bls.gov/soc/soccrosswalks.htm',
  cadence: null,
  tier: 'api',
  surface: 'static file at bls.gov (conditional GET; HTTP 403 is a refusal)',
  // BLS links the file from its crosswalks page at a fixed address; the pipeline's conditional GET
  // finds a new one, and a 403 (bls.gov refuses some automated clients) is outcome `refused`.
  discover: async () => ({
    releases: [
      {
        label: 'ISCO-08 to 2010 SOC crosswalk',
        seriesKey: null,
        location: LOCATION,
        pageUrl: 'https://www.bls.gov/soc/soccrosswalks.htm',
      },
    ],
  }),
  attribution: 'Crosswalk between ISCO-08 and the 2010 SOC: U.S. Bureau of Labor Statistics.',
  detect: releaseAt(LOCATION, 'ISCO-08 to 2010 SOC crosswalk'),
  parse: async (file) => parseIscoUsSocCrosswalk(await readWorkbook(file.bytes, { sheets: [CROSSWALK_SHEET] })),
  labelOf: (crosswalk) => `ISCO-08 to 2010 SOC crosswalk, ${crosswalk.dated}`,
  check: checkIscoUsSocCrosswalk,
  stage: (trx, editionId, crosswalk) => insertIscoUsSocLinks(trx, editionId, crosswalk.links),
};

import { insertSocDescriptions } from '../../../../store/soc-descriptions.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import type { FileLocation } from '../../../upstream.js';
import { ONS_ATTRIBUTION, OGL } from '../soc2020-volume2.js';
import { DESCRIPTIONS_SHEET, checkSocDescriptions, parseSocDescriptions } from './parse.js';
import type { SocDescription } from '../../../../domain/soc.js';

const PAGE =
  'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume1structureanddescriptionsofunitgroups';

const VOLUME1: FileLocation = {
  mirrorPath: 'soc2020/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx',
  url: 'https://www.ons.gov.uk/file?uri=/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume1structureanddescriptionsofunitgroups/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx',
};

export const socDescriptionsSource: SourceDescriptor<SocDescription[]> = {
  key: 'soc2020-descriptions',
  name: 'SOC 2020 Volume 1: structure and descriptions of unit groups',
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: PAGE,
  cadence: 'revised with the classification (occasionally)',
  tier: 'scrapeanddiff',
  attribution: ONS_ATTRIBUTION,

  async detect(upstream) {
    if (!(await upstream.has(VOLUME1))) return [];
    // The workbook has no cover sheet; ONS dates the release in the file name (16042025).
    return [{ label: 'SOC 2020 Volume 1: structure and descriptions of unit groups (16 April 2025)', seriesKey: null, location: VOLUME1 }];
  },

  async parse(file) {
    return parseSocDescriptions(await readWorkbook(file.bytes, { sheets: [DESCRIPTIONS_SHEET] }));
  },

  check(descriptions) {
    return checkSocDescriptions(descriptions);
  },

  stage(trx, editionId, descriptions) {
    return insertSocDescriptions(trx, editionId, descriptions);
  },
};

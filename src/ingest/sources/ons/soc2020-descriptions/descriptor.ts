import { readWorkbook } from '../../../formats/workbook-worker.js';
import { onsSource } from '../publisher.js';
import { discoverSocVolume } from '../soc2020-files.js';
import { releaseAt } from '../../../single-file-sources.js';
import { insertSocDescriptions } from '../../../../store/soc-descriptions.js';
import type { FileLocation } from '../../../upstream.js';
import { DESCRIPTIONS_SHEET, checkSocDescriptions, parseSocDescriptions } from './parse.js';

const VOLUME1: FileLocation = {
  mirrorPath: 'soc2020/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx',
  url: 'https://www.ons.gov.uk/file?uri=/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume1structureanddescriptionsofunitgroups/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx',
};

export const socDescriptionsSource = onsSource({
  key: 'soc2020-descriptions',
  name: 'SOC 2020 Volume 1: structure and descriptions of unit groups',
  url: 'https://www.ons.gov.uk/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020/soc2020volume1structureanddescriptionsofunitgroups',
  cadence: 'revised with the classification (occasionally)',
  tier: 'scrapeanddiff',
  // The workbook has no cover sheet; ONS dates the release in the file name (16042025).
  detect: releaseAt(VOLUME1, 'SOC 2020 Volume 1: structure and descriptions of unit groups (16 April 2025)'),
  surface: 'ONS methodology page (links to the Volume 1 workbook)',
  // The label is the file name's date stamp (and reissue): the workbook does not name itself.
  discover: (context) =>
    discoverSocVolume(context, {
      page: 'soc2020volume1structureanddescriptionsofunitgroups',
      stem: 'descriptionofunitgroupsexcel',
      name: 'SOC 2020 Volume 1: structure and descriptions of unit groups',
    }),
  parse: async (file) => parseSocDescriptions(await readWorkbook(file.bytes, { sheets: [DESCRIPTIONS_SHEET] })),
  check: checkSocDescriptions,
  stage: insertSocDescriptions,
});

import { readWorkbook } from '../../../formats/workbook-worker.js';
import { onsSource } from '../publisher.js';
import { releaseAt } from '../../../single-file-sources.js';
import { insertApsRelease } from '../../../../store/employment.js';
import { parseApsWorkbook, yearsClaimedBy } from './parse.js';
import { checkApsRelease, summariseApsRelease } from './checks.js';

export const apsOccupationIndustrySource = onsSource({
  key: 'aps-occupation-industry',
  name: 'Annual Population Survey: employment by occupation (SOC 2020 unit group) and industry section, UK',
  url: 'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs',
  cadence: 'ad hoc (user requested)',
  tier: 'detectonly',
  detect: releaseAt(
    {
      mirrorPath: 'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
      url: 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs/employmentby4digitsoc1digitindustryatosuk20212024/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
    },
    'Employment by 4-digit SOC 2020 and industry section, UK, 2021 to 2024 (ad hoc, created 14 November 2025)',
  ),
  parse: async (file, ref) =>
    parseApsWorkbook(await readWorkbook(file.bytes, { fills: true }), yearsClaimedBy(ref.location.mirrorPath)),
  check: checkApsRelease,
  summarise: summariseApsRelease,
  stage: insertApsRelease,
});

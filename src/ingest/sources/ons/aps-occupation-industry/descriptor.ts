import { insertApsRelease } from '../../../../store/aps-employment.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import type { FileLocation } from '../../../upstream.js';
import { ONS_ATTRIBUTION, OGL } from '../soc2020-volume2.js';
import { parseApsWorkbook } from './parse.js';
import type { Check } from '../../../../domain/editions.js';
import type { ApsRelease } from '../../../../domain/employment.js';

const WORKBOOK: FileLocation = {
  mirrorPath: 'aps-occupation-industry/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
  url: 'https://www.ons.gov.uk/file?uri=/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs/employmentby4digitsoc1digitindustryatosuk20212024/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx',
};

export const apsOccupationIndustrySource: SourceDescriptor<ApsRelease> = {
  key: 'aps-occupation-industry',
  name: 'Annual Population Survey: employment by occupation (SOC 2020 unit group) and industry section, UK',
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: 'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs',
  cadence: 'ad hoc (user requested)',
  tier: 'detectonly',
  attribution: ONS_ATTRIBUTION,

  async detect(upstream) {
    if (!(await upstream.has(WORKBOOK))) return [];
    return [{ label: 'Employment by 4-digit SOC 2020 and industry section, UK, 2021 to 2024 (ad hoc, created 14 November 2025)', seriesKey: null, location: WORKBOOK }];
  },

  async parse(file) {
    return parseApsWorkbook(await readWorkbook(file.bytes, { fills: true }));
  },

  check(release) {
    const checks: Check[] = [];
    for (const { year } of release.years) {
      const groups = new Set(release.cells.filter((c) => c.year === year && c.soc2020 !== null).map((c) => c.soc2020));
      if (groups.size !== 412) checks.push({ rule: `${year}: a row for each of the 412 unit groups`, status: 'fail', observed: `${groups.size} unit groups` });
      const total = release.cells.filter((c) => c.year === year && c.soc2020 === null);
      if (total.some((c) => c.marker !== 'published')) checks.push({ rule: `${year}: the Total row is published in every section`, status: 'fail', observed: 'a Total cell is withheld or empty' });
    }
    if (release.years.length === 0) checks.push({ rule: 'at least one year', status: 'fail', observed: 'none' });
    return checks;
  },

  stage(trx, editionId, release) {
    return insertApsRelease(trx, editionId, release);
  },
};

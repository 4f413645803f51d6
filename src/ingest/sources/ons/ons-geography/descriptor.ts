import { insertGeographyAreas } from '../../../../store/geography.js';
import type { SourceDescriptor } from '../../../source.js';
import type { FileLocation } from '../../../upstream.js';
import { OGL } from '../soc2020-volume2.js';
import { parseGeography } from './parse.js';
import type { GeographyArea } from '../../../../domain/areas.js';
import type { Check } from '../../../../domain/editions.js';

const DISTRICTS: FileLocation = {
  mirrorPath: 'geography/DERIVED_lad23_to_region_uk.csv',
  url: 'https://geoportal.statistics.gov.uk/datasets/ons::local-authority-district-to-region-april-2023-lookup-in-england.csv',
};
const REGIONS: FileLocation = {
  mirrorPath: 'geography/DERIVED_regions_and_nations_12.csv',
  url: 'https://geoportal.statistics.gov.uk/datasets/ons::regions-december-2022-names-and-codes-in-england.csv',
};

export const geographySource: SourceDescriptor<GeographyArea[]> = {
  key: 'ons-geography',
  name: 'Local authority districts (April 2023), regions and nations',
  publisher: 'Office for National Statistics (Open Geography Portal)',
  licence: OGL,
  url: 'https://geoportal.statistics.gov.uk/',
  cadence: 'yearly (boundaries of April each year)',
  tier: 'detectonly',
  attribution: 'Source: Office for National Statistics licensed under the Open Government Licence v3.0. Contains OS data © Crown copyright and database right.',

  async detect(upstream) {
    if (!(await upstream.has(DISTRICTS)) || !(await upstream.has(REGIONS))) return [];
    return [{ label: 'Local authority districts, April 2023, with regions and nations', seriesKey: null, location: DISTRICTS, companions: [REGIONS] }];
  },

  async parse(file, _release, companions) {
    const regions = companions[0];
    if (!regions) throw new Error('the regions and nations list was not read');
    return parseGeography(file.bytes, regions.bytes);
  },

  check(areas) {
    const checks: Check[] = [];
    const count = (kind: string) => areas.filter((a) => a.kind === kind).length;
    if (count('district') !== 361) checks.push({ rule: '361 local authority districts (April 2023)', status: 'fail', observed: String(count('district')) });
    if (count('region') !== 9 || count('nation') !== 3 || count('uk') !== 1) checks.push({ rule: '9 regions, 3 nations and the UK', status: 'fail', observed: `${count('region')} regions, ${count('nation')} nations, ${count('uk')} UK` });
    const known = new Set(areas.filter((a) => a.kind !== 'district').map((a) => a.code));
    const orphans = areas.filter((a) => a.kind === 'district' && !known.has(a.regionCode!));
    if (orphans.length > 0) checks.push({ rule: 'every district is in a listed region or nation', status: 'fail', observed: orphans.slice(0, 5).map((a) => a.code).join(', ') });
    return checks;
  },

  stage(trx, editionId, areas) {
    return insertGeographyAreas(trx, editionId, areas);
  },
};

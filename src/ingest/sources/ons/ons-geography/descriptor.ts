import { ONS_ATTRIBUTION, onsSource } from '../publisher.js';
import { insertGeographyAreas } from '../../../../store/local-areas.js';
import type { FileLocation } from '../../../upstream.js';
import { checkGeography } from './checks.js';
import { parseGeography } from './parse.js';
import { discoverPortalGeography, parseGeographyFromPortal } from './portal.js';

const DISTRICTS: FileLocation = {
  mirrorPath: 'geography/DERIVED_lad23_to_region_uk.csv',
  url: 'https://geoportal.statistics.gov.uk/datasets/ons::local-authority-district-to-region-april-2023-lookup-in-england.csv',
};
const REGIONS: FileLocation = {
  mirrorPath: 'geography/DERIVED_regions_and_nations_12.csv',
  url: 'https://geoportal.statistics.gov.uk/datasets/ons::regions-december-2022-names-and-codes-in-england.csv',
};

export const geographySource = onsSource({
  key: 'ons-geography',
  name: 'Local authority districts (April 2023), regions and nations',
  publisher: 'Office for National Statistics (Open Geography Portal)',
  url: 'https://geoportal.statistics.gov.uk/',
  cadence: 'yearly (boundaries of April each year)',
  tier: 'api',
  surface: 'Open Geography Portal ArcGIS REST services (district-to-region lookup, UK names and codes)',
  attribution: `${ONS_ATTRIBUTION} Contains OS data © Crown copyright and database right.`,

  async detect(upstream) {
    if (!(await upstream.has(DISTRICTS)) || !(await upstream.has(REGIONS))) return [];
    return [
      {
        label: 'Local authority districts, April 2023, with regions and nations',
        seriesKey: null,
        location: DISTRICTS,
        companions: [REGIONS],
      },
    ];
  },

  discover: (context) => discoverPortalGeography(context, DISTRICTS.mirrorPath),

  async parse(file, release, companions) {
    // Discovery writes the portal's rows in one file; the mirror has the two CSVs.
    if (release.location.builtPath) return parseGeographyFromPortal(file.bytes);
    const regions = companions[0];
    if (!regions) throw new Error('the regions and nations list was not read');
    return parseGeography(file.bytes, regions.bytes);
  },

  check: checkGeography,
  stage: insertGeographyAreas,
});

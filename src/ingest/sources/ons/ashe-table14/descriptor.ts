import { insertAsheRelease } from '../../../../store/ashe-pay.js';
import type { SourceDescriptor } from '../../../source.js';
import { detectAsheReleases, releaseOfRef } from '../ashe-layout.js';
import { ONS_ATTRIBUTION, OGL } from '../soc2020-volume2.js';
import { checkAsheTable14 } from './checks.js';
import { parseAsheTable14, type AsheTable14Release } from './parse.js';

const DATASET_PATH = '/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/occupation4digitsoc2010ashetable14';

/** Editions ONS has published on a SOC 2020 basis (2021 was not re-based); used when reading over HTTPS. */
const KNOWN_RELEASES = [2022, 2023, 2024].map((year) => ({ year, provisional: true }));

export const asheTable14Source: SourceDescriptor<AsheTable14Release> = {
  key: 'ashe-table14',
  name: 'Annual Survey of Hours and Earnings (ASHE), Table 14: occupation by four-digit SOC 2020',
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: `https://www.ons.gov.uk${DATASET_PATH}`,
  cadence: 'annual: provisional each autumn, revised the following autumn',
  tier: 'scrapeanddiff',
  attribution: ONS_ATTRIBUTION,

  detect(upstream) {
    return detectAsheReleases(upstream, 14, 'ashe-table14', DATASET_PATH, KNOWN_RELEASES);
  },

  async parse(file, ref) {
    return parseAsheTable14(file.bytes, releaseOfRef(ref, 14));
  },

  check(release) {
    return checkAsheTable14(release.rows);
  },

  stage(trx, editionId, release) {
    return insertAsheRelease(trx, editionId, release, release.rows);
  },
};

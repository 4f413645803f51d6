import { insertAsheRelease } from '../../../../store/ashe-pay.js';
import type { SourceDescriptor } from '../../../source.js';
import { detectAsheReleases, releaseOfRef } from '../ashe-layout.js';
import { ONS_ATTRIBUTION, OGL } from '../soc2020-volume2.js';
import { parseAsheTable15, type AsheTable15Release } from './parse.js';
import type { Check } from '../../../../domain/editions.js';

const DATASET_PATH = '/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/regionbyoccupation4digitsoc2010ashetable15';

const KNOWN_RELEASES = [2022, 2023, 2024].map((year) => ({ year, provisional: true }));

export const asheTable15Source: SourceDescriptor<AsheTable15Release> = {
  key: 'ashe-table15',
  name: 'Annual Survey of Hours and Earnings (ASHE), Table 15: region by occupation (four-digit SOC 2020)',
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: `https://www.ons.gov.uk${DATASET_PATH}`,
  cadence: 'annual: provisional each autumn, revised the following autumn',
  tier: 'scrapeanddiff',
  attribution: ONS_ATTRIBUTION,

  detect(upstream) {
    return detectAsheReleases(upstream, 15, 'ashe-table15', DATASET_PATH, KNOWN_RELEASES);
  },

  async parse(file, ref) {
    return parseAsheTable15(file.bytes, releaseOfRef(ref, 15));
  },

  check(release) {
    const checks: Check[] = [];
    if (release.rows.length === 0) checks.push({ rule: 'the release has figures for some unit group', status: 'fail', observed: 'none' });
    const negative = release.rows.filter((r) => [r.median, r.mean, r.jobsThousands].some((v) => v !== null && v < 0));
    if (negative.length > 0) checks.push({ rule: 'no negative pay, hours or job counts', status: 'fail', observed: `${negative.length} rows` });
    return checks;
  },

  stage(trx, editionId, release) {
    return insertAsheRelease(trx, editionId, release, release.rows);
  },
};

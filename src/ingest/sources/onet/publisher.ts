import { mirrorFileSource, type MirrorFileSpec } from '../../single-file-sources.js';
import type { PublisherProfile, SourceDescriptor } from '../../source.js';

/**
 * The O*NET database's text files (`onet-occupations`, `onet-interests`, `onet-abilities`) and the
 * taxonomy crosswalks (O*NET-SOC 2010 to 2010 SOC, to O*NET-SOC 2019, and O*NET-SOC 2019 to 2018
 * SOC): what they share is here. Each file is a source of its own.
 */
const ONET: PublisherProfile = {
  publisher: 'U.S. Department of Labor, Employment and Training Administration (USDOL/ETA)',
  licence: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
  url: 'https://www.onetcenter.org/database.html',
  cadence: 'database releases about four times a year',
  tier: 'detectonly',
  /** The credit O*NET requires wherever its data is shown. */
  attribution:
    'This page includes information from the O*NET Database by the U.S. Department of Labor, Employment and Training Administration (USDOL/ETA). Used under the CC BY 4.0 license. O*NET® is a trademark of USDOL/ETA.',
};

/**
 * An O*NET file as a source. O*NET's files sit at addresses that change with every database
 * release, so the service reads them only from the mirror folder `onet/` (see the source READMEs).
 */
export function onetFileSource<Parsed>(spec: MirrorFileSpec<Parsed>): SourceDescriptor<Parsed> {
  return mirrorFileSource('onet', ONET, spec);
}

/**
 * A file of O*NET's taxonomy pages (crosswalks between O*NET-SOC and SOC versions), read from the
 * mirror folder `onet-taxonomy/`: one-off files of a taxonomy revision, not of the database
 * releases, so they have their own page and no cadence.
 */
export function onetTaxonomySource<Parsed>(spec: MirrorFileSpec<Parsed>): SourceDescriptor<Parsed> {
  return mirrorFileSource('onet-taxonomy', ONET, {
    url: 'https://www.onetcenter.org/taxonomy/2019/walk.html',
    cadence: null,
    ...spec,
  });
}

/** O*NET-SOC codes: six-digit US SOC code, a dot, and two digits (`.00` the SOC occupation itself). */
export const ONET_SOC_CODE = /^\d{2}-\d{4}\.\d{2}$/;
export const US_SOC_CODE = /^\d{2}-\d{4}$/;

import type { Discovery, DiscoveryContext } from '../../discovery.js';
import { mirrorFileSource, type MirrorFileSpec } from '../../single-file-sources.js';
import type { PublisherProfile, SourceDescriptor } from '../../source.js';
import { readFromPackage } from '../package-entry.js';
import { newestTextZip, ONET_DATABASE_PAGE, taxonomyFile } from './onet-site.js';

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

const MiB = 1024 * 1024;

/** A database file O*NET renamed from a release on: `Interests.txt` became `Career Interest Types.txt` in 30.3. */
export interface RenamedFile {
  since: [major: number, minor: number];
  file: string;
}

/**
 * The newest database release's text zip, with `file` (or the name it has in that release) read
 * from inside it (one download serves every database source of the run: the fetcher keeps it).
 */
function databaseDiscovery(file: string, what: string, renamed?: RenamedFile) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const release = await newestTextZip(context);
    const [major, minor] = renamed?.since ?? [Infinity, 0];
    const entry = release.major > major || (release.major === major && release.minor >= minor) ? renamed!.file : file;
    return {
      releases: [
        {
          label: `O*NET ${release.version} Database: ${what}`,
          seriesKey: null,
          location: { mirrorPath: `onet/${file}`, url: release.url, member: `${release.folder}/${entry}` },
          pageUrl: ONET_DATABASE_PAGE,
          fingerprint: release.url,
        },
      ],
    };
  };
}

/**
 * An O*NET database file as a source: from the mirror folder `onet/`, or (publishers) from inside
 * the newest database release's text zip, whose version then leads the release's name. A spec
 * with its own `discover` (a taxonomy page's file) is read as published.
 */
export function onetFileSource<Parsed>(spec: MirrorFileSpec<Parsed>, renamed?: RenamedFile): SourceDescriptor<Parsed> {
  const fromDatabase = !spec.discover;
  const source = mirrorFileSource('onet', ONET, {
    ...(fromDatabase
      ? {
          tier: 'api' as const,
          surface: 'O*NET database page -> newest db_<M>_<m>_text.zip -> its entry',
          discover: databaseDiscovery(spec.file, spec.label, renamed),
          // The whole release's text zip is downloaded to read one entry of it.
          limits: { maxFileBytes: 128 * MiB, ...spec.limits },
        }
      : {}),
    ...spec,
  });
  return readFromPackage(
    source,
    (location) => (location.member ? [location.member] : []),
    (label) => /^O\*NET \d+\.\d+ Database/.exec(label)?.[0] ?? null,
  );
}

/** Discovery of a taxonomy page's workbook: the link named as the mirror's copy, else one matching `fallback`. */
export function taxonomyDiscovery(
  page: string,
  folder: string,
  spec: { file: string; label: string },
  fallback?: RegExp,
) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const url = await taxonomyFile(context, page, spec.file, fallback);
    const location = { mirrorPath: `${folder}/${spec.file}`, url };
    return { releases: [{ label: spec.label, seriesKey: null, location, pageUrl: page }] };
  };
}

/**
 * A file of O*NET's taxonomy pages (crosswalks between O*NET-SOC and SOC versions), read from the
 * mirror folder `onet-taxonomy/`: one-off files of a taxonomy revision, not of the database
 * releases, so they have their own page and no cadence. Over HTTPS the page's link is followed.
 */
export function onetTaxonomySource<Parsed>(spec: MirrorFileSpec<Parsed>): SourceDescriptor<Parsed> {
  const page = 'https://www.onetcenter.org/taxonomy/2019/walk.html';
  return mirrorFileSource('onet-taxonomy', ONET, {
    url: page,
    cadence: null,
    tier: 'scrapeanddiff',
    surface: 'O*NET taxonomy page links',
    discover: taxonomyDiscovery(page, 'onet-taxonomy', spec),
    ...spec,
  });
}

/** O*NET-SOC codes: six-digit US SOC code, a dot, and two digits (`.00` the SOC occupation itself). */
export const ONET_SOC_CODE = /^\d{2}-\d{4}\.\d{2}$/;
export const US_SOC_CODE = /^\d{2}-\d{4}$/;

import { insertDemandRelease } from '../../../../store/demand.js';
import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { EES_SITE, eesLatestRelease, eesReleaseFilesUrl, eesVersionSummary } from '../ees.js';
import { dfeSource } from '../publisher.js';
import { checkOccupationsInDemand, summariseOccupationsInDemand } from './checks.js';
import { parseOccupationsInDemand } from './parse.js';

const MiB = 1024 * 1024;

/**
 * The latest release on Explore Education Statistics, read as the zip of all its files (the
 * release version's `/files`); its tables are chosen inside by their columns.
 */
async function discoverReleaseFiles(context: DiscoveryContext): Promise<Discovery> {
  const release = await eesLatestRelease(context, 'occupations-in-demand');
  const version = await eesVersionSummary(context, release);
  return {
    releases: [
      {
        label: `${release.publication}: ${version.title}`,
        namedByPublisher: true,
        seriesKey: null,
        location: {
          mirrorPath: `occupations-in-demand/occupations-in-demand_${release.slug}.zip`,
          url: eesReleaseFilesUrl(version.releaseVersionId),
        },
        releasedAt: version.published,
        pageUrl: release.pageUrl,
        // A new version of the release (an amendment) has a new id.
        fingerprint: version.releaseVersionId,
      },
    ],
  };
}

/**
 * Skills England's yearly assessment of occupations in demand (official statistics in
 * development, on Explore Education Statistics): each SOC 2020 unit group's demand level, demand
 * index and five indicators' signals, and the year before re-assessed on the same method. Read
 * from the publisher only: the mirror holds no release of it.
 */
export const occupationsInDemandSource = dfeSource({
  key: 'occupations-in-demand',
  name: 'Occupations in demand: the demand level of each occupation (SOC 2020 unit group) from five labour market indicators, UK',
  publisher: 'Skills England (Department for Education)',
  url: `${EES_SITE}/find-statistics/occupations-in-demand`,
  cadence: 'yearly',
  tier: 'api',
  surface:
    'Explore Education Statistics content API (publication -> latest release -> version-summary -> all files zip)',
  inMirror: false,
  detect: async () => [],
  discover: discoverReleaseFiles,
  // The 2025 zip is 44 MB; its CSV tables of occupations (~72,000 rows of the tidy cube each) are
  // read one at a time, only those chosen by their columns.
  limits: { maxFileBytes: 128 * MiB, maxInflatedBytes: 256 * MiB, maxHeapMb: 512 },
  parse: async (file) => parseOccupationsInDemand(file.bytes),
  labelOf: (release) =>
    `Occupations in demand: the ${release.year} assessment${release.assessments.some((a) => a.year === release.year - 1) ? `, with ${release.year - 1} re-assessed on its method` : ''}`,
  check: checkOccupationsInDemand,
  summarise: summariseOccupationsInDemand,
  stage: insertDemandRelease,
});

import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { unreleasedSource } from '../../../unreleased-source.js';
import { EES_SITE, eesLatestRelease, eesVersionSummary } from '../ees.js';
import { DFE_PROFILE } from '../publisher.js';

/** The latest release on Explore Education Statistics: found and named (detect-only), never downloaded. */
async function discoverLatestRelease(context: DiscoveryContext): Promise<Discovery> {
  const release = await eesLatestRelease(context, 'occupations-in-demand');
  const version = await eesVersionSummary(context, release);
  return {
    releases: [],
    found: [
      {
        label: `${release.publication}: ${version.title}`,
        seriesKey: null,
        releasedAt: version.published,
        url: release.pageUrl,
        pageUrl: release.pageUrl,
      },
    ],
  };
}

/**
 * Skills England's yearly assessment of occupations in demand (official statistics in development,
 * on Explore Education Statistics). No parser: its latest release is found and named, so that the
 * demand endpoints answer 404 saying it exists and is not read here yet.
 */
export const occupationsInDemandSource = unreleasedSource(DFE_PROFILE, {
  key: 'occupations-in-demand',
  name: 'Occupations in demand: the demand level of each occupation (SOC 2020 unit group) from five labour market indicators, UK',
  publisher: 'Skills England (Department for Education)',
  url: `${EES_SITE}/find-statistics/occupations-in-demand`,
  cadence: 'yearly',
  surface: 'Explore Education Statistics content API (publication -> latest release -> version-summary)',
  discover: discoverLatestRelease,
});

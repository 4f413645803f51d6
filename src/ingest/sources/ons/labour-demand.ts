import type { Discovery, DiscoveryContext } from '../../discovery.js';
import { lastUpdated, onsDatasetEditions, onsFileUrl, onsSearch, ONS_SITE } from './ons-site.js';

/**
 * ONS's online job advert tables ("Labour demand by Standard Occupational Classification (SOC)",
 * named in the Textkernel user guide), found through the ONS search API (shape from
 * dp-search-api's models, `_publishers/MANIFEST.md` §2a) and followed down the dataset chain to
 * the newest edition's file. Detect-only: there is no parser, the release is only recorded so the
 * job-advert endpoints' 404 can name it. Which search result is which table rests on its title
 * (no result is recorded).
 */

const QUERY = 'labour demand standard occupational classification';

export function labourDemandDiscovery(title: (title: string) => boolean) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const items = (await onsSearch(context, QUERY, 'dataset_landing_page')).filter(
      (item) => /labour demand/i.test(item.title) && title(item.title),
    );
    const landing = items[0];
    if (!landing) return { releases: [], found: [] };
    const { editions, failures } = await onsDatasetEditions(context, landing.uri, () => true);
    const newest = editions
      .filter((e) => e.files.length > 0)
      .sort((a, b) => (lastUpdated(a) ?? '').localeCompare(lastUpdated(b) ?? ''))
      .at(-1);
    if (!newest)
      throw new Error(
        `${ONS_SITE}${landing.uri} has no edition with a file${failures.length ? ` (${failures.join('; ')})` : ''}`,
      );
    return {
      releases: [],
      found: [
        {
          label: `${landing.title}: ${newest.edition}`,
          seriesKey: null,
          releasedAt: lastUpdated(newest),
          url: onsFileUrl(newest.uri, newest.files[0]!),
          pageUrl: `${ONS_SITE}${landing.uri}`,
        },
      ],
    };
  };
}

import { insertJobProfiles } from '../../../../store/how-to-become.js';
import { summary } from '../../../checks/plausibility.js';
import { NCS_PROFILE, NCS_PROFILE_PAGE, ncsSource } from '../publisher.js';
import { checkJobProfiles } from './checks.js';
import { parseScrapedPages } from './pages.js';
import { parseJobProfiles, PROFILES_FILE, SLUGS_FILE } from './parse.js';
import { discoverJobProfiles } from './scrape.js';

const MiB = 1024 * 1024;

const FOLDER = 'ncs-job-profiles';

/**
 * National Careers Service job profiles as published: the pages retrieved (titles, alternative
 * titles, routes, entry requirements) and the sitemap's list of every live profile. NCS publishes
 * no bulk file, so a release is a retrieval of the pages: a third party's in the mirror, or this
 * service's own scrape of the site (`scrape.ts`, read by `pages.ts`).
 */
export const ncsJobProfilesSource = ncsSource({
  key: 'ncs-job-profiles',
  name: 'National Careers Service job profiles (pages as published, and the sitemap of live profiles)',
  async detect(upstream) {
    const files = await upstream.listFolder(FOLDER);
    if (!files.includes(PROFILES_FILE) || !files.includes(SLUGS_FILE)) return [];
    return [
      {
        label: 'National Careers Service job profiles',
        seriesKey: null,
        location: { mirrorPath: `${FOLDER}/${PROFILES_FILE}`, url: NCS_PROFILE.url },
        companions: [{ mirrorPath: `${FOLDER}/${SLUGS_FILE}`, url: `${NCS_PROFILE_PAGE}` }],
      },
    ];
  },
  surface: 'National Careers Service explore-careers sitemap -> every job-profile page, one a second (scrape-and-diff)',
  discover: (context) => discoverJobProfiles(context),
  // About 750 pages trimmed to their body: some tens of MiB, one page's document at a time.
  limits: { maxFileBytes: 96 * MiB, maxHeapMb: 768, maxParseMs: 5 * 60_000 },
  parse: async (file, release, [slugs]) => {
    if (release.location.builtPath) return parseScrapedPages(file.bytes);
    if (!slugs) throw new Error(`${SLUGS_FILE} is missing from the release`);
    return parseJobProfiles(file.bytes, slugs.bytes);
  },
  labelOf: (release) =>
    `National Careers Service job profiles, ${release.profiles.length} pages retrieved ${release.retrievedFrom === release.retrievedTo ? release.retrievedFrom : `${release.retrievedFrom} to ${release.retrievedTo}`}; sitemap of ${release.liveSlugs.length} live profiles`,
  check: checkJobProfiles,
  // The counts a cut-short release shows in (not the pages left out, which should fall).
  summarise: (release) => summary({ profiles: release.profiles.length, liveSlugs: release.liveSlugs.length }),
  stage: insertJobProfiles,
});

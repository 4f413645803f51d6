import type { Check } from '../../../../domain/editions.js';
import type { NcsJobProfilesRelease, PageLeftOut } from '../../../../domain/how-to-become.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';

/** The sitemap lists 737 profiles; under 600 means the list was cut short. */
const MIN_LIVE_SLUGS = 600;
/** Pages in a layout the parser does not know: a few are odd pages, more means the site's layout changed. */
const MAX_LAYOUT_SHARE = 0.05;

export function checkJobProfiles(release: NcsJobProfilesRelease): Check[] {
  const live = new Set(release.liveSlugs);
  const notLive = release.profiles.filter((p) => !live.has(p.slug));
  const leftOut = release.pagesLeftOut ?? [];
  return [
    ...atLeast(`at least ${MIN_LIVE_SLUGS} slugs in the sitemap`, release.liveSlugs.length, MIN_LIVE_SLUGS),
    ...atLeast('at least one profile retrieved', release.profiles.length, 1),
    ...eachKeyOnce('each sitemap slug once', release.liveSlugs),
    ...(notLive.length > 0
      ? [
          {
            rule: 'every retrieved profile is in the sitemap',
            status: 'warn' as const,
            observed: notLive.map((p) => p.slug).join(', '),
          },
        ]
      : []),
    ...layoutShare(
      leftOut.filter((p) => p.why === 'layout'),
      release.liveSlugs.length,
    ),
    // Named, never failed: a site failing mid-scrape shows as profiles falling against the
    // previous release (the plausibility check), and a page gone is served as missing.
    ...named(
      leftOut.filter((p) => p.why === 'unreachable'),
      release.liveSlugs.length,
      'every listed page retrieved',
      'warn',
    ),
    ...named(
      leftOut.filter((p) => p.why === 'gone'),
      release.liveSlugs.length,
      'every listed page there (the site answers 404 or its missing-profile page for these: they are served as gone)',
      'warn',
    ),
  ];
}

/** Pages in a layout not recognised: named, and failing the release over `MAX_LAYOUT_SHARE` of the listed pages. */
function layoutShare(pages: PageLeftOut[], listed: number): Check[] {
  const over = pages.length > listed * MAX_LAYOUT_SHARE;
  return named(
    pages,
    listed,
    `at most ${MAX_LAYOUT_SHARE * 100}% of the listed pages in a layout the parser does not recognise`,
    over ? 'fail' : 'warn',
  );
}

function named(pages: PageLeftOut[], listed: number, rule: string, status: 'warn' | 'fail'): Check[] {
  if (pages.length === 0) return [];
  const some = pages
    .slice(0, 10)
    .map((p) => `${p.slug} (${p.detail})`)
    .join('; ');
  return [
    { rule, status, observed: `${pages.length} of ${listed} left out: ${some}${pages.length > 10 ? '; ...' : ''}` },
  ];
}

import type { Check } from '../../../../domain/editions.js';
import type { NcsJobProfilesRelease, PageLeftOut } from '../../../../domain/how-to-become.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';

/** The sitemap lists 737 profiles; under 600 means the list was cut short. */
const MIN_LIVE_SLUGS = 600;
/** Pages in a layout the parser does not know: a few are odd pages, more means the site's layout changed. */
const MAX_LAYOUT_SHARE = 0.05;
/** Pages not retrieved: a few are gone or failing, more means the site was failing during the scrape. */
const MAX_UNREACHABLE_SHARE = 0.1;

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
    ...shareLeftOut(
      leftOut.filter((p) => p.why === 'layout'),
      release.liveSlugs.length,
      MAX_LAYOUT_SHARE,
      'in a layout the parser recognises',
    ),
    ...shareLeftOut(
      leftOut.filter((p) => p.why === 'unreachable'),
      release.liveSlugs.length,
      MAX_UNREACHABLE_SHARE,
      'retrieved',
    ),
  ];
}

/** Pages left out for one reason: a warning naming them, a failure over `maxShare` of the listed pages. */
function shareLeftOut(pages: PageLeftOut[], listed: number, maxShare: number, what: string): Check[] {
  if (pages.length === 0) return [];
  const over = pages.length > listed * maxShare;
  const named = pages
    .slice(0, 10)
    .map((p) => `${p.slug} (${p.detail})`)
    .join('; ');
  return [
    {
      rule: `at most ${maxShare * 100}% of the listed pages not ${what}`,
      status: over ? 'fail' : 'warn',
      observed: `${pages.length} of ${listed} left out: ${named}${pages.length > 10 ? '; ...' : ''}`,
    },
  ];
}

import type { Check } from '../../../../domain/editions.js';
import type { NcsJobProfilesRelease } from '../../../../domain/how-to-become.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';

/** The sitemap lists 737 profiles; under 600 means the list was cut short. */
const MIN_LIVE_SLUGS = 600;

export function checkJobProfiles(release: NcsJobProfilesRelease): Check[] {
  const live = new Set(release.liveSlugs);
  const notLive = release.profiles.filter((p) => !live.has(p.slug));
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
  ];
}

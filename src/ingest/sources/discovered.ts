import type { FoundRelease } from '../discovery.js';
import type { ReleaseRef } from '../source.js';

/**
 * What every publisher's discovery says alike about the releases it finds: a release recorded but
 * not read, and dates written as the publishers write them.
 */

/** A release that is only recorded (superseded in the same run, or of a detect-only source). */
export function foundRelease(ref: ReleaseRef): FoundRelease {
  return {
    label: ref.label,
    seriesKey: ref.seriesKey,
    releasedAt: ref.releasedAt ?? null,
    url: ref.location.url,
    pageUrl: ref.pageUrl ?? ref.location.url,
  };
}

/** `19 December 2025` from an ISO date or date-time (in London time: ONS stamps midnight BST as 23:00Z). */
export function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

import type { Discovery, DiscoveryContext } from '../../discovery.js';
import type { ReleaseRef } from '../../source.js';
import { longDate } from '../discovered.js';
import { ONS_SITE, onsPageFiles } from './ons-site.js';

/**
 * How ONS publishes the SOC 2020 volumes: a methodology page links the workbook, whose name ends
 * with a date stamp and, for a reissue of the same date, `v<n>` (`…codingindexexcel16042025.xlsx`,
 * `…codingindexexcel20260827v2.xlsx`). The stamp was ddmmyyyy until 2025 and is yyyymmdd from
 * 2026 (third-party evidence: `_publishers/MANIFEST.md` §2i). The newest file is the release.
 */

export const SOC2020_METHODOLOGY =
  '/methodology/classificationsandstandards/standardoccupationalclassificationsoc/soc2020';

interface SocVolumeFile {
  file: string;
  url: string;
  /** The stamp's date, `yyyy-mm-dd`. */
  date: string;
  /** The reissue number (`v2` -> 2); 1 for the first issue. */
  issue: number;
}

const valid = (year: number, month: number, day: number) =>
  year >= 2019 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The date of a stamp: yyyymmdd when it reads as one, else ddmmyyyy. They never collide: a
 * ddmmyyyy stamp of the 2020s has `20` where yyyymmdd has its month.
 */
export function stampDate(stamp: string): string | null {
  const n = (from: number, to: number) => Number(stamp.slice(from, to));
  const pad = (v: number) => String(v).padStart(2, '0');
  if (valid(n(0, 4), n(4, 6), n(6, 8))) return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;
  if (valid(n(4, 8), n(2, 4), n(0, 2))) return `${n(4, 8)}-${pad(n(2, 4))}-${pad(n(0, 2))}`;
  return null;
}

/** The volume's files linked from its page, newest (date, then reissue) last; names not dated are refused. */
async function socVolumeFiles(context: DiscoveryContext, page: string, stem: string): Promise<SocVolumeFile[]> {
  const pattern = new RegExp(`${stem}(\\d{8})(?:v(\\d+))?\\.xlsx$`, 'i');
  const links = await onsPageFiles(context, `${SOC2020_METHODOLOGY}/${page}`, pattern);
  return links
    .flatMap((link) => {
      const match = pattern.exec(link.file)!;
      const date = stampDate(match[1]!);
      return date ? [{ ...link, date, issue: match[2] ? Number(match[2]) : 1 }] : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.issue - b.issue);
}

/**
 * The newest workbook of a volume as the one release of its source (a `v2` replaces the file of
 * its date). Its label is provisional (`name (27 August 2026, reissue 2)`) until the workbook names
 * itself where it can (`labelOf`); the fingerprint is the file name.
 */
export async function discoverSocVolume(
  context: DiscoveryContext,
  volume: { page: string; stem: string; name: string },
): Promise<Discovery> {
  const files = await socVolumeFiles(context, volume.page, volume.stem);
  const newest = files.at(-1);
  if (!newest) throw new Error(`${ONS_SITE}${SOC2020_METHODOLOGY}/${volume.page} links no ${volume.stem}<date>.xlsx`);
  const ref: ReleaseRef = {
    label: `${volume.name} (${longDate(newest.date)}${newest.issue > 1 ? `, reissue ${newest.issue}` : ''})`,
    seriesKey: null,
    location: { mirrorPath: `soc2020/${newest.file}`, url: newest.url },
    releasedAt: newest.date,
    pageUrl: `${ONS_SITE}${SOC2020_METHODOLOGY}/${volume.page}`,
    fingerprint: newest.url,
  };
  return { releases: [ref] };
}

import type { Check } from '../../../domain/editions.js';
import type { AsheReleaseFacts, PayMeasure, PayRow } from '../../../domain/pay.js';
import type { Workbook } from '../../formats/workbook.js';
import type { SourceDescriptor } from '../../source.js';
import { insertAsheRelease } from '../../../store/pay.js';
import type { FileLocation, Upstream } from '../../upstream.js';
import type { Discovery, DiscoveryContext, FoundRelease } from '../../discovery.js';
import type { ReleaseRef } from '../../source.js';
import { medianOf, summary } from '../../checks/plausibility.js';
import { statedPeriodMatches } from '../../checks/reference-period.js';
import { refuseOnFailure } from '../../checks/refusal.js';
import { readAsheTables, unzipAsheWorkbooks, type AsheFamily } from './ashe-layout.js';
import { onsSource } from './publisher.js';
import { foundRelease, longDate } from '../discovered.js';
import {
  latestCorrection,
  lastUpdated,
  ONS_SITE,
  onsDatasetEditions,
  onsFileUrl,
  type OnsEdition,
} from './ons-site.js';
import type { SourceKey } from '../../../domain/sources.js';

/**
 * What ASHE Tables 14 and 15 share as sources: how their releases are found and named, how a
 * release zip is read measure by measure, and how its rows are stored. A table's folder says only
 * which sheets it reads and how a measure's sheets become pay rows.
 */

/** A release of an ASHE table: its reference year, whether ONS will revise it, and its unit groups' rows. */
interface AsheRelease extends AsheReleaseFacts {
  rows: PayRow[];
}

const MiB = 1024 * 1024;

export function asheTableSource(spec: {
  key: SourceKey;
  name: string;
  family: AsheFamily;
  /** The dataset's page under https://www.ons.gov.uk; each release's zip sits below it. */
  datasetPath: string;
  /** The sheets to read from every workbook; undefined: all of them. */
  sheets: string[] | undefined;
  /** One measure's rows, from its estimates (`a`) and coefficients of variation (`b`) workbooks. */
  rowsOf(measure: PayMeasure, estimates: Workbook, cvs: Workbook, release: AsheReleaseFacts): PayRow[];
  check(rows: PayRow[]): Check[];
  /** The release zip's size cap (from the real releases' sizes, with headroom); other limits as the defaults. */
  limits: { maxFileBytes: number; maxParseMs?: number };
}): SourceDescriptor<AsheRelease> {
  const { family } = spec;
  return onsSource({
    key: spec.key,
    name: spec.name,
    url: `https://www.ons.gov.uk${spec.datasetPath}`,
    cadence: 'annual: provisional each autumn, revised the following autumn',
    tier: 'api',
    surface: 'ONS dataset pages (landing /data, editions /data: downloads[] and versions[])',
    detect: (upstream) => detectAsheReleases(upstream, family, spec.key, spec.datasetPath),
    discover: (context) => discoverAsheReleases(context, family, spec.key, spec.datasetPath),
    /**
     * Reads the zip's 22 workbooks (tables 1 to 11, `a` and `b`). A missing workbook or sheet, a
     * sheet whose title or header row is not ONS's, or a cell that is neither a figure nor a
     * suppression marker throws (quarantine).
     */
    async parse(file, ref) {
      const release = releaseOfRef(ref, family);
      const { workbook, stated } = unzipAsheWorkbooks(file.bytes, family, release.provisional);
      // The year the zip's name claims must be the one its workbooks' names state, before reading them.
      refuseOnFailure(statedPeriodMatches(String(release.year), stated));
      const perMeasure = await readAsheTables(workbook, family, spec.sheets, (measure, estimates, cvs) =>
        spec.rowsOf(measure, estimates, cvs, release),
      );
      return { ...release, rows: perMeasure.flat() };
    },
    check: (release) => spec.check(release.rows),
    summarise: summariseAsheRelease,
    limits: { maxInflatedBytes: 128 * MiB, ...spec.limits },
    stage: (trx, editionId, release) => insertAsheRelease(trx, editionId, release, release.rows),
  });
}

/** A release's year and kind from ONS's zip name: `ashetable142024provisional.zip`, `ashetable142024revised.zip`. */
function releaseOfZipName(name: string, family: AsheFamily): AsheReleaseFacts | null {
  const match = new RegExp(`^ashetable${family}(\\d{4})(provisional|revised)\\.zip$`, 'i').exec(name);
  return match ? { year: Number(match[1]), provisional: match[2]!.toLowerCase() === 'provisional' } : null;
}

/** The year and status of the release a detected zip carries; throws for a zip not named like one. */
function releaseOfRef(ref: { location: FileLocation }, family: AsheFamily): AsheReleaseFacts {
  const release = releaseOfZipName(ref.location.mirrorPath.split('/').pop() ?? '', family);
  if (!release)
    throw new Error(
      `${ref.location.mirrorPath} is not named like an ASHE Table ${family} release (ashetable${family}<year><provisional|revised>.zip)`,
    );
  return release;
}

/** Oldest first, a year's provisional release before its revised one: a revised release supersedes the provisional of its year. */
const releaseOrder = (a: AsheReleaseFacts, b: AsheReleaseFacts) =>
  a.year - b.year || Number(b.provisional) - Number(a.provisional);

const kindOf = (release: AsheReleaseFacts) => (release.provisional ? 'provisional' : 'revised');

/** The releases of an ASHE table in the mirror: every `ashetable<family><year><kind>.zip` in its folder. */
async function detectAsheReleases(
  upstream: Upstream,
  family: AsheFamily,
  folder: string,
  datasetPath: string,
): Promise<ReleaseRef[]> {
  const found = (await upstream.listFolder(folder)).flatMap((name) => {
    const release = releaseOfZipName(name, family);
    return release ? [{ name, ...release }] : [];
  });
  return found.sort(releaseOrder).map((c) => ({
    label: `ASHE Table ${family}, ${c.year} ${kindOf(c)}`,
    seriesKey: String(c.year),
    location: {
      mirrorPath: `${folder}/${c.name}`,
      url: onsFileUrl(`${datasetPath}/${c.year}${kindOf(c)}`, c.name),
    },
  }));
}

/** SOC 2020 based editions (2021 was not re-based): `2022provisional` onwards. */
const EDITION_SLUG = /^(\d{4})(provisional|revised)$/;
const FIRST_SOC2020_YEAR = 2022;

/**
 * The releases of an ASHE table at ONS: the dataset's editions (`2025provisional`, `2024revised`;
 * the landing lists them in no date order), each with its zip from `downloads[]`. A year with a
 * revised edition has its provisional one only found, not read. An update in `versions[]` (ONS's
 * corrections) changes the label and the fingerprint: a new release of the same series.
 */
async function discoverAsheReleases(
  context: DiscoveryContext,
  family: AsheFamily,
  folder: string,
  datasetPath: string,
): Promise<Discovery> {
  const { title, editions, failures } = await onsDatasetEditions(context, datasetPath, (slug) => {
    const match = EDITION_SLUG.exec(slug);
    return match !== null && Number(match[1]) >= FIRST_SOC2020_YEAR;
  });
  const candidates = editions.flatMap((edition) => {
    const file = edition.files.find((f) => releaseOfZipName(f, family) !== null);
    if (!file) {
      failures.push(`${edition.uri} offers no ashetable${family}<year><kind>.zip (${edition.files.join(', ')})`);
      return [];
    }
    const release = releaseOfZipName(file, family)!;
    // ONS's own name for the edition says whether it is provisional or revised; a zip saying otherwise is not read.
    const named = `${release.year} ${kindOf(release)}`;
    if (edition.edition.replace(/\s+/g, '').toLowerCase() !== named.replace(' ', '')) {
      failures.push(`${edition.uri} is named "${edition.edition}" by ONS, not "${named}" as its ${file} says`);
      return [];
    }
    return [{ edition, file, ...release }];
  });
  if (candidates.length === 0 && failures.length > 0) throw new Error(failures.join('; '));
  const revisedYears = new Set(candidates.filter((c) => !c.provisional).map((c) => c.year));
  const releases: ReleaseRef[] = [];
  const found: FoundRelease[] = [];
  for (const c of candidates.sort(releaseOrder)) {
    const ref = asheReleaseRef(c.edition, c.file, title ?? `ASHE Table ${family}`, folder, c);
    if (c.provisional && revisedYears.has(c.year)) found.push(foundRelease(ref));
    else releases.push(ref);
  }
  return { releases, found };
}

/** A release named as ONS names it: the dataset's title, then the edition's name (`…: ASHE Table 14, 2025 provisional`). */
function asheReleaseRef(
  edition: OnsEdition,
  file: string,
  dataset: string,
  folder: string,
  release: AsheReleaseFacts,
): ReleaseRef {
  const updated = lastUpdated(edition);
  const correction = latestCorrection(edition);
  const update =
    edition.versions.length === 0 || !updated ? '' : ` (${correction ? 'corrected' : 'updated'} ${longDate(updated)})`;
  return {
    label: `${dataset}, ${edition.edition}${update}`,
    seriesKey: String(release.year),
    location: { mirrorPath: `${folder}/${file}`, url: onsFileUrl(edition.uri, file) },
    releasedAt: updated,
    pageUrl: `${ONS_SITE}${edition.uri}`,
    fingerprint: `${edition.uri}/${file} versions=${edition.versions.length} updated=${updated ?? ''}`,
  };
}

/**
 * What a release is compared with the previous one on: its rows, the unit groups with a published
 * gross annual median, and the typical (median over unit groups, and areas for Table 15) gross annual pay, weekly pay and
 * paid hours of all employee jobs. A unit change upstream moves the levels by x1000; a lost sheet
 * or a truncated workbook drops the counts.
 */
function summariseAsheRelease(release: AsheRelease) {
  const all = (measure: PayMeasure) =>
    release.rows.filter((r) => r.measure === measure && r.sex === 'all' && r.pattern === 'all');
  const annual = all('annual_pay_gross');
  return summary(
    {
      rows: release.rows.length,
      'unit groups with a gross annual pay median': annual.filter((r) => r.median !== null).length,
    },
    {
      'median gross annual pay over unit groups': medianOf(annual.map((r) => r.median)),
      'median gross weekly pay over unit groups': medianOf(all('weekly_pay_gross').map((r) => r.median)),
      'median paid hours over unit groups': medianOf(all('hours_paid_total').map((r) => r.median)),
    },
  );
}

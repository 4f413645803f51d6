import type { Check, EditionSummary } from '../../../domain/editions.js';
import type { AdvertTable } from '../../../domain/job-adverts.js';
import type { SourceKey } from '../../../domain/sources.js';
import { insertAdvertTable } from '../../../store/job-adverts.js';
import { medianOf, summary } from '../../checks/plausibility.js';
import type { Discovery, DiscoveryContext, ReleaseRef } from '../../discovery.js';
import type { SourceDescriptor } from '../../source.js';
import { releaseAt } from '../../single-file-sources.js';
import { longDate } from '../discovered.js';
import { lastUpdated, ONS_SITE, onsDatasetEditions, onsFileUrl } from './ons-site.js';
import { onsSource } from './publisher.js';

/**
 * ONS's online job advert statistics ("Labour demand volumes by Standard Occupation Classification
 * (SOC 2020), UK", from Textkernel's adverts): one workbook per edition, `labourdemandbyoccupation.xlsx`,
 * holding both the monthly regional table and the quarterly local one; each source reads its own
 * table from the newest edition. Addresses and layout: the sources' READMEs, `_publishers/LAYOUTS.md` §2.
 */

const LABOUR_DEMAND_DATASET =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/labourdemandvolumesbystandardoccupationclassificationsoc2020uk';
const LABOUR_DEMAND_FILE = 'labourdemandbyoccupation.xlsx';
/** The mirror's copy, for an operator who has one (none is in the shared mirror). */
const MIRROR_PATH = `online-job-adverts/${LABOUR_DEMAND_FILE}`;
/** The release's name when the dataset's landing gives no title (and the mirror's copy, which has no page). */
const TITLE = 'Labour demand volumes by Standard Occupation Classification (SOC 2020), UK';

const MiB = 1024 * 1024;

/**
 * The newest edition (`january2017tojuly2026`, named "January 2017 to July 2026") offering the
 * workbook, by its last update; editions offering another file (the 2023 `onlinejobadsreftables…`)
 * are older layouts and are not read.
 */
function labourDemandDiscovery(key: SourceKey) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const { title, editions, failures } = await onsDatasetEditions(context, LABOUR_DEMAND_DATASET, () => true);
    const newest = editions
      .filter((e) => e.files.some((f) => f.toLowerCase() === LABOUR_DEMAND_FILE))
      .sort((a, b) => (lastUpdated(a) ?? '').localeCompare(lastUpdated(b) ?? ''))
      .at(-1);
    if (!newest)
      throw new Error(
        `${ONS_SITE}${LABOUR_DEMAND_DATASET} has no edition offering ${LABOUR_DEMAND_FILE}${failures.length ? ` (${failures.join('; ')})` : ''}`,
      );
    const file = newest.files.find((f) => f.toLowerCase() === LABOUR_DEMAND_FILE)!;
    const updated = lastUpdated(newest);
    const ref: ReleaseRef = {
      // As ONS names it: the dataset's title (its landing), then the edition's name.
      label: `${title ?? TITLE}: ${newest.edition}${updated ? ` (${longDate(updated)})` : ''}`,
      seriesKey: null,
      location: { mirrorPath: `${key}/${file}`, url: onsFileUrl(newest.uri, file) },
      releasedAt: updated,
      pageUrl: `${ONS_SITE}${newest.uri}`,
      fingerprint: `${newest.uri}/${file} versions=${newest.versions.length} updated=${updated ?? ''}`,
    };
    return { releases: [ref] };
  };
}

/** Each area and occupation once, and the areas every release must have. */
function checkAdvertTable(table: AdvertTable, mustHave: Record<string, string>): Check[] {
  const checks: Check[] = [];
  const keys = new Set<string>();
  const repeated: string[] = [];
  for (const s of table.series) {
    const key = `${s.areaCode} ${s.soc2020 ?? 'all'}`;
    if (keys.has(key)) repeated.push(key);
    keys.add(key);
  }
  if (repeated.length > 0)
    checks.push({ rule: 'each area and occupation once', status: 'fail', observed: repeated.slice(0, 5).join(', ') });
  const areas = new Set(table.series.map((s) => s.areaCode));
  for (const [code, name] of Object.entries(mustHave))
    if (!areas.has(code)) checks.push({ rule: `figures for ${name} (${code})`, status: 'fail', observed: 'none' });
  if (!table.series.some((s) => s.soc2020 !== null))
    checks.push({ rule: 'figures for at least one unit group', status: 'fail', observed: 'none' });
  return checks;
}

/** Compared with the previous release: series, periods, unit groups, and the typical figure of the latest period. */
function summariseAdvertTable(table: AdvertTable, area: string): EditionSummary {
  const own = table.series.filter((s) => s.areaCode === area && s.soc2020 !== null);
  return summary(
    {
      series: table.series.length,
      periods: table.periods.length,
      [`unit groups in ${area}`]: own.length,
    },
    { [`median figure of the latest period in ${area}`]: medianOf(own.map((s) => s.adverts.at(-1) ?? null)) },
  );
}

/** A source reading one table of the workbook. */
export function labourDemandSource(spec: {
  key: SourceKey;
  name: string;
  url: string;
  cadence: string;
  kind: 'monthly' | 'local';
  parse: (bytes: Uint8Array) => AdvertTable;
  /** Areas every release has (GSS code -> name). */
  mustHave: Record<string, string>;
  /** The area whose figures the summary compares. */
  summaryArea: string;
}): SourceDescriptor<AdvertTable> {
  return onsSource({
    key: spec.key,
    name: spec.name,
    url: spec.url,
    cadence: spec.cadence,
    tier: 'api',
    surface: 'ONS dataset pages (landing /data, editions /data: downloads[] and versions[])',
    // The shared mirror holds no labour demand workbook; one an operator puts at MIRROR_PATH is still read.
    inMirror: false,
    detect: releaseAt(
      { mirrorPath: MIRROR_PATH, url: `${ONS_SITE}${LABOUR_DEMAND_DATASET}` },
      `${TITLE} (the mirror's copy)`,
    ),
    discover: labourDemandDiscovery(spec.key),
    parse: async (file) => spec.parse(file.bytes),
    check: (table) => checkAdvertTable(table, spec.mustHave),
    summarise: (table) => summariseAdvertTable(table, spec.summaryArea),
    // Editions seen: 46.7 MB (Nov 2025) to about 85 MB; the largest sheet inflates to a few hundred
    // MB, read as it streams (bench/ingest-memory.ts measures a full-size workbook).
    limits: { maxFileBytes: 128 * MiB, maxInflatedBytes: 1024 * MiB },
    stage: (trx, editionId, table) => insertAdvertTable(trx, editionId, table, spec.kind),
  });
}

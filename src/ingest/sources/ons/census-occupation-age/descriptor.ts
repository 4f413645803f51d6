import type { CensusAgeRelease } from '../../../../domain/employment.js';
import { insertCensusAgeRelease } from '../../../../store/employment.js';
import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import { releaseAt } from '../../../single-file-sources.js';
import { longDate } from '../../discovered.js';
import { lastUpdated, ONS_SITE, onsDatasetEditions, onsFileUrl } from '../ons-site.js';
import { onsSource } from '../publisher.js';
import { checkCensusAgeRelease, summariseCensusAgeRelease } from './checks.js';
import { parseCensusAgeWorkbook } from './parse.js';

/**
 * The dataset's landing page. Its address is ONS's slug of the dataset's title, in the folder of
 * its sibling dataset of the same release (whose address is seen); this one's is not (README).
 */
export const CENSUS_AGE_DATASET =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/datasets/occupationsofthoseinemploymentbyageandsexenglandandwalescensus2021';
const FOLDER = 'census-occupation-age';
const TITLE = 'Occupations of those in employment, by age and sex, England and Wales, Census 2021';
const MiB = 1024 * 1024;

/** The newest edition offering one workbook, by its last update; an edition offering several is refused, none guessed. */
async function discoverCensusAge(context: DiscoveryContext): Promise<Discovery> {
  const { editions, failures } = await onsDatasetEditions(context, CENSUS_AGE_DATASET, () => true);
  const newest = editions
    .filter((e) => e.files.some((f) => /\.xlsx$/i.test(f)))
    .sort((a, b) => (lastUpdated(a) ?? '').localeCompare(lastUpdated(b) ?? ''))
    .at(-1);
  if (!newest)
    throw new Error(
      `${ONS_SITE}${CENSUS_AGE_DATASET} has no edition offering a workbook${failures.length ? ` (${failures.join('; ')})` : ''}`,
    );
  const workbooks = newest.files.filter((f) => /\.xlsx$/i.test(f));
  if (workbooks.length !== 1)
    throw new Error(`edition ${newest.uri} offers ${workbooks.length} workbooks (${workbooks.join(', ')}), not one`);
  const file = workbooks[0]!;
  const updated = lastUpdated(newest);
  return {
    releases: [
      {
        label: `${TITLE}: ${newest.edition} edition${updated ? ` (${longDate(updated)})` : ''}`,
        seriesKey: null,
        location: { mirrorPath: `${FOLDER}/${file}`, url: onsFileUrl(newest.uri, file) },
        releasedAt: updated,
        pageUrl: `${ONS_SITE}${newest.uri}`,
        fingerprint: `${newest.uri}/${file} versions=${newest.versions.length} updated=${updated ?? ''}`,
      },
    ],
  };
}

/** Census 2021 people in employment by unit group, 5-year age band and sex, England and Wales (March 2021). */
export const censusOccupationAgeSource: SourceDescriptor<CensusAgeRelease> = onsSource({
  key: 'census-occupation-age',
  name: 'Census 2021: people in employment by occupation (SOC 2020 unit group), age and sex, England and Wales',
  url: `${ONS_SITE}${CENSUS_AGE_DATASET}`,
  cadence: 'once (Census 2021, released 31 May 2023)',
  tier: 'api',
  surface: 'ONS dataset pages (landing /data, editions /data: downloads[] and versions[])',
  // The shared mirror holds no copy; one an operator puts at this path is still read.
  inMirror: false,
  detect: releaseAt(
    { mirrorPath: `${FOLDER}/censusoccupationsbyageandsex.xlsx`, url: `${ONS_SITE}${CENSUS_AGE_DATASET}` },
    `${TITLE} (the mirror's copy)`,
  ),
  discover: discoverCensusAge,
  parse: async (file) => parseCensusAgeWorkbook(await readWorkbook(file.bytes)),
  check: checkCensusAgeRelease,
  summarise: summariseCensusAgeRelease,
  // 412 unit groups x 3 sexes x 12 figures is well under a megabyte; the bounds leave room for a
  // layout with more rows (its sibling has a row per district and unit group) and refuse anything larger.
  limits: { maxFileBytes: 16 * MiB, maxInflatedBytes: 128 * MiB, maxParseMs: 5 * 60_000 },
  stage: insertCensusAgeRelease,
});

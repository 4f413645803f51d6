import { insertVisaRelease } from '../../../../store/visas.js';
import type { Discovery, DiscoveryContext, ReleaseRef } from '../../../discovery.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import type { Upstream } from '../../../upstream.js';
import { GOVUK, govukPage } from '../../govuk/content-api.js';
import { HOME_OFFICE_PROFILE } from '../publisher.js';
import { checkVisaRelease, summariseVisaRelease } from './checks.js';
import { NOTES_SHEET, parseVisaWorkbook, VISA_SHEETS, type ParsedVisas } from './parse.js';

const DATA_TABLES = '/government/statistical-data-sets/immigration-system-statistics-data-tables';
/** The mirror's folder for the workbook (none is in the shared mirror: README). */
const MIRROR_FOLDER = 'home-office-visas';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** `occupation-soc2020-visas-datasets-jun-2026.xlsx` (a third party's manifest of 2026; the page's JSON is unrecorded). */
const DATASET = /^occupation-soc2020-visas-datasets-([a-z]{3})-(\d{4})\.xlsx$/i;

const MiB = 1024 * 1024;

interface Dataset {
  filename: string;
  year: number;
  month: number;
}

/** The newest of the files named like the SOC 2020 occupation visas dataset, by the year and month in the name. */
function newestDataset<T extends { filename: string }>(files: readonly T[]): (T & Dataset) | undefined {
  return files
    .flatMap((file) => {
      const match = DATASET.exec(file.filename);
      const month = match ? MONTHS.indexOf(match[1]!.toLowerCase()) : -1;
      return match && month >= 0 ? [{ ...file, year: Number(match[2]), month }] : [];
    })
    .sort((a, b) => a.year - b.year || a.month - b.month)
    .at(-1);
}

/** A workbook's label where no metadata names it (the mirror's folder): from its file name. */
const labelOf = (dataset: Dataset) =>
  `Occupation (SOC 2020) visas datasets, ${MONTH_NAMES[dataset.month]} ${dataset.year}`;

/**
 * The release as the publisher names it: the attachment's title on the GOV.UK page ("Sponsored work
 * entry clearance visas by occupation and industry (SOC 2020), year ending June 2026"), else (an
 * attachment with no title of its own) the label its file name gives.
 */
const publishedLabel = (dataset: Dataset & { title: string }) =>
  dataset.title !== '' && dataset.title !== dataset.filename ? dataset.title : labelOf(dataset);

/** The newest occupation visas dataset attached to the data tables page, to download and read. */
async function discoverVisasDataset(context: DiscoveryContext): Promise<Discovery> {
  const page = await govukPage(context, DATA_TABLES);
  const newest = newestDataset(page.attachments);
  if (!newest)
    throw new Error(
      `${GOVUK}${page.basePath} attaches no occupation-soc2020-visas-datasets workbook (${page.attachments.map((a) => a.filename).join(', ') || 'no files'})`,
    );
  return {
    releases: [
      {
        label: publishedLabel(newest),
        seriesKey: null,
        location: { mirrorPath: `${MIRROR_FOLDER}/${newest.filename}`, url: newest.url },
        releasedAt: page.publicUpdatedAt,
        pageUrl: `${GOVUK}${page.basePath}`,
        fingerprint: `${newest.url} ${newest.fileSize ?? ''}`,
      },
    ],
  };
}

/** The newest dataset in the mirror's folder, when an operator put one there. */
async function detectInMirror(upstream: Upstream): Promise<ReleaseRef[]> {
  const newest = newestDataset((await upstream.listFolder(MIRROR_FOLDER)).map((filename) => ({ filename })));
  if (!newest) return [];
  return [
    {
      label: labelOf(newest),
      seriesKey: null,
      location: { mirrorPath: `${MIRROR_FOLDER}/${newest.filename}`, url: `${GOVUK}${DATA_TABLES}` },
    },
  ];
}

/**
 * Sponsored work (entry clearance) visa applications and grants by occupation, quarterly, with
 * grants by route, nationality and sponsor industry (Home Office immigration system statistics,
 * the occupation visas datasets). Found and read through the GOV.UK Content API.
 */
export const sponsoredWorkVisasSource: SourceDescriptor<ParsedVisas> = {
  ...HOME_OFFICE_PROFILE,
  key: 'home-office-work-visas',
  name: 'Immigration system statistics: sponsored work visa applications and grants by occupation (SOC 2020 unit group), route, nationality and industry',
  url: `${GOVUK}${DATA_TABLES}`,
  surface: 'GOV.UK Content API (details.attachments[])',
  discover: discoverVisasDataset,
  // The shared mirror holds no visas workbook; one an operator puts in its folder is still read.
  inMirror: false,
  detect: detectInMirror,
  // The June 2026 workbook is 7,919,494 bytes (_publishers/MANIFEST.md §2b): four times that, and its parts inflated.
  limits: { maxFileBytes: 32 * MiB, maxInflatedBytes: 256 * MiB, maxHeapMb: 768 },
  parse: async (file) =>
    parseVisaWorkbook(await readWorkbook(file.bytes, { sheets: [NOTES_SHEET, ...VISA_SHEETS.map((s) => s.sheet)] })),
  check: checkVisaRelease,
  summarise: summariseVisaRelease,
  stage: (trx, editionId, parsed) => insertVisaRelease(trx, editionId, parsed.release),
};

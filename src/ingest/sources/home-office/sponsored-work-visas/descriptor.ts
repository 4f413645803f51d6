import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { unreleasedSource } from '../../../unreleased-source.js';
import { GOVUK, govukPage } from '../../govuk/content-api.js';
import { HOME_OFFICE_PROFILE } from '../publisher.js';

const DATA_TABLES = '/government/statistical-data-sets/immigration-system-statistics-data-tables';

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

/**
 * The newest occupation visas dataset attached to the data tables page: found (detect-only), never
 * downloaded, so the visa endpoints' 404 can name the release this service does not read yet.
 */
async function discoverVisasDataset(context: DiscoveryContext): Promise<Discovery> {
  const page = await govukPage(context, DATA_TABLES);
  const datasets = page.attachments
    .flatMap((a) => {
      const match = DATASET.exec(a.filename);
      const month = match ? MONTHS.indexOf(match[1]!.toLowerCase()) : -1;
      return match && month >= 0 ? [{ ...a, year: Number(match[2]), month }] : [];
    })
    .sort((a, b) => a.year - b.year || a.month - b.month);
  const newest = datasets.at(-1);
  if (!newest) return { releases: [], found: [] };
  return {
    releases: [],
    found: [
      {
        label: `Occupation (SOC 2020) visas datasets, ${MONTH_NAMES[newest.month]} ${newest.year}`,
        seriesKey: null,
        releasedAt: page.publicUpdatedAt,
        url: newest.url,
        pageUrl: `${GOVUK}${page.basePath}`,
      },
    ],
  };
}

/**
 * Sponsored work visa applications and grants by occupation, quarterly, with grants by route,
 * nationality and sponsor industry (Home Office immigration system statistics, detailed data
 * tables). No parser: the release is found on GOV.UK and named, so that the visa endpoints answer
 * 404 saying it exists and is not read here yet.
 */
export const sponsoredWorkVisasSource = unreleasedSource(HOME_OFFICE_PROFILE, {
  key: 'home-office-work-visas',
  name: 'Immigration system statistics: sponsored work visa applications and grants by occupation (SOC 2020 unit group), route, nationality and industry',
  url: `${GOVUK}${DATA_TABLES}`,
  surface: 'GOV.UK Content API (details.attachments[])',
  discover: discoverVisasDataset,
});

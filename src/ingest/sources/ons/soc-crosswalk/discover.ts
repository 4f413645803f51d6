import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import type { FileLocation } from '../../../upstream.js';
import { longDate } from '../../discovered.js';
import { ONS_SITE, onsPageFiles } from '../ons-site.js';
import { SOC2020_METHODOLOGY, stampDate } from '../soc2020-files.js';

/**
 * ONS's user guide of the SOC 2010 / SOC 2020 relationship, whose tables are the page's downloads.
 * The address is the one the pages corpus holds (cy.ons.gov.uk, same path); the workbooks' names
 * are not recorded anywhere we have, so every spreadsheet the page links is read.
 */
const RELATIONSHIP_PAGE = `${SOC2020_METHODOLOGY}/therelationshipbetweenstandardoccupationalclassification2010andstandardoccupationalclassification2020`;
export const RELATIONSHIP_PAGE_URL = `${ONS_SITE}${RELATIONSHIP_PAGE}`;

const WORKBOOK = /\.(xlsx|xls|ods)$/i;
/** A date stamp in an ONS file name (`…20260827v2.xlsx`), as the SOC 2020 volumes carry (§2i). */
const STAMP = /(\d{8})(?:v\d+)?\.[a-z]+$/i;

/**
 * One release: the spreadsheets the page links, newest (by the date stamp in its name) first, the
 * rest as companions. The unit-group table is looked for in each in that order (`parse`), since
 * which workbook and sheet hold it is not recorded. A page that cannot be read or links no
 * workbook fails this source's check.
 */
export async function discoverRelationshipTables(context: DiscoveryContext): Promise<Discovery> {
  const links = await onsPageFiles(context, RELATIONSHIP_PAGE, WORKBOOK);
  if (links.length === 0) throw new Error(`${RELATIONSHIP_PAGE_URL} links no workbook (.xlsx, .xls or .ods)`);
  const dated = links
    .map((link) => {
      const stamp = STAMP.exec(link.file);
      return { ...link, date: stamp ? stampDate(stamp[1]!) : null };
    })
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.url.localeCompare(b.url));
  const [newest, ...older] = dated;
  const location = (link: { url: string; file: string }): FileLocation => ({
    mirrorPath: `soc-crosswalk/${link.file}`,
    url: link.url,
  });
  return {
    releases: [
      {
        label: `SOC 2010 to SOC 2020 relationship tables, ONS: ${newest!.file}${newest!.date ? ` (${longDate(newest!.date)})` : ''}`,
        seriesKey: null,
        location: location(newest!),
        ...(older.length > 0 ? { companions: older.map(location) } : {}),
        releasedAt: newest!.date,
        pageUrl: RELATIONSHIP_PAGE_URL,
        fingerprint: dated.map((l) => l.url).join(' '),
      },
    ],
  };
}

import type { Discovery, DiscoveryContext, FoundRelease } from '../../../discovery.js';
import { longDate } from '../../discovered.js';
import { ONS_SITE, onsPageFiles } from '../ons-site.js';
import { SOC2020_METHODOLOGY, stampDate } from '../soc2020-files.js';

/**
 * ONS's user guide of the SOC 2010 / SOC 2020 relationship, whose tables are the page's downloads.
 * The address is the one the pages corpus holds (cy.ons.gov.uk, same path); the workbooks' names
 * and layout are not recorded anywhere we have, so any spreadsheet the page links is a release.
 */
const RELATIONSHIP_PAGE = `${SOC2020_METHODOLOGY}/therelationshipbetweenstandardoccupationalclassification2010andstandardoccupationalclassification2020`;
export const RELATIONSHIP_PAGE_URL = `${ONS_SITE}${RELATIONSHIP_PAGE}`;

const WORKBOOK = /\.(xlsx|xls|ods)$/i;
/** A date stamp in an ONS file name (`…20260827v2.xlsx`), as the SOC 2020 volumes carry (§2i). */
const STAMP = /(\d{8})(?:v\d+)?\.[a-z]+$/i;

/**
 * Found, never read: the parser reads the mirror's re-laid-out copy, not ONS's own workbooks.
 * Each workbook linked is recorded; one dated by its name sorts by that date, so the newest is the
 * one the 404 names. A page that cannot be read or links no workbook fails this source's check.
 */
export async function discoverRelationshipTables(context: DiscoveryContext): Promise<Discovery> {
  const links = await onsPageFiles(context, RELATIONSHIP_PAGE, WORKBOOK);
  if (links.length === 0) throw new Error(`${RELATIONSHIP_PAGE_URL} links no workbook (.xlsx, .xls or .ods)`);
  const found = links
    .map((link): FoundRelease => {
      const stamp = STAMP.exec(link.file);
      const date = stamp ? stampDate(stamp[1]!) : null;
      return {
        label: `SOC 2010 to SOC 2020 relationship tables at ONS: ${link.file}${date ? ` (${longDate(date)})` : ''}`,
        seriesKey: null,
        releasedAt: date,
        url: link.url,
        pageUrl: RELATIONSHIP_PAGE_URL,
      };
    })
    .sort((a, b) => (a.releasedAt ?? '').localeCompare(b.releasedAt ?? '') || a.url.localeCompare(b.url));
  return { releases: [], found };
}

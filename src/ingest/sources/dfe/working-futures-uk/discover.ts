import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { linksIn } from '../../../formats/html-links.js';

/**
 * IER's download page of Working Futures 2017-2027 ("Working Futures 7"), at the two addresses
 * third-party code cites for it (`STAPM/tobalciomodel`, and a DfE dashboard's sources text). The
 * round is closed: its UK workbook is found once and kept.
 */
const WF7_PAGES = [
  'https://warwick.ac.uk/fac/soc/ier/wf7downloads/',
  'https://warwick.ac.uk/fac/soc/ier/researchthemesoverview/wf7downloads/',
];
const WORKBOOK = 'UK_MainTables.Main.xlsm';
/** The UK workbook by its name (the name of the real file the mirror holds); the link's form is unrecorded. */
const UK_WORKBOOK = /^UK_MainTables[^/]*\.xlsm$/i;

const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');

/**
 * The UK MainTables workbook the download page links, read with the family's parser (which
 * refuses any other layout). The first page that answers is used; one that answers and links no
 * UK workbook fails this source's check, naming what it links.
 */
export async function discoverWorkingFuturesUk(context: DiscoveryContext): Promise<Discovery> {
  const errors: string[] = [];
  for (const address of WF7_PAGES) {
    let page;
    try {
      page = await context.getText(address, { accept: 'text/html' });
    } catch (error) {
      errors.push(`${address}: ${(error as Error).message}`);
      continue;
    }
    const links = linksIn(page.text, page.url).filter((url) => /(^|\.)warwick\.ac\.uk$/.test(new URL(url).hostname));
    const workbook = links.find((url) => UK_WORKBOOK.test(fileName(url)));
    if (!workbook) {
      const files = links.map(fileName).filter((name) => /\.(xlsm|xlsx|zip)$/i.test(name));
      throw new Error(`${page.url} links no ${WORKBOOK} (${files.join(', ') || 'no workbooks'})`);
    }
    return {
      releases: [
        {
          label: `Working Futures 2017-2027: ${fileName(workbook)}`,
          seriesKey: null,
          location: { mirrorPath: `working-futures/${WORKBOOK}`, url: workbook },
          releasedAt: page.date,
          pageUrl: page.url,
          fingerprint: workbook,
        },
      ],
    };
  }
  throw new Error(`the Working Futures download page could not be read: ${errors.join('; ')}`);
}

import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import type { SourceDescriptor } from '../../../source.js';
import { unreleasedSource } from '../../../unreleased-source.js';
import { govukPage } from '../../govuk/content-api.js';
import { LMSP_CITATION, LMSP_PAGE, LMSP_PATH } from '../lmsp-england/descriptor.js';
import { DFE_PROFILE } from '../publisher.js';
import type { SourceKey } from '../../../../domain/sources.js';

/**
 * Which attachment of the round's page holds an area's workbook, by its title: DfE's change note
 * names a "Nations projections" zip (UK, nations); the regions' attachment title is unrecorded, so
 * any title naming regions (not sub-regions) is taken.
 */
const NATIONS = /\bnations?\b/i;
const REGIONS = (title: string) => /\bregion(s|al)?\b/i.test(title) && !/sub-?regional/i.test(title);

/**
 * The page's attachments that hold the area's workbook: found (detect-only), never downloaded,
 * since no workbook of these areas has been seen. None attached is nothing found, not an error.
 */
function discoverAreaAttachment(holds: (title: string) => boolean) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const page = await govukPage(context, LMSP_PATH);
    return {
      releases: [],
      found: page.attachments
        .filter((a) => holds(a.title))
        .map((a) => ({
          label: `${page.title}: ${a.title}`,
          seriesKey: null,
          releasedAt: page.publicUpdatedAt,
          url: a.url,
          pageUrl: LMSP_PAGE,
        })),
    };
  };
}

/**
 * The workbooks of the 2020-2035 round that DfE publishes for the UK, the other nations and the
 * English regions, none of which has been seen: registered so that `/v1/meta/sources` lists them
 * and `area=` answers 404 naming the one it needs (and the attachment found at DfE), never
 * England's or an older round's figures under another area's name.
 */
const lmspWorkbook = (key: SourceKey, workbook: string, holds: (title: string) => boolean) =>
  unreleasedSource(DFE_PROFILE, {
    key,
    name: `Labour market and skills projections 2020 to 2035: ${workbook}, by occupation (SOC 2020 sub-major groups)`,
    url: LMSP_PAGE,
    attribution: LMSP_CITATION,
    surface: 'GOV.UK Content API (details.attachments[])',
    discover: discoverAreaAttachment(holds),
  });

const nations = (title: string) => NATIONS.test(title);

export const LMSP_OTHER_AREA_SOURCES: SourceDescriptor<never>[] = [
  lmspWorkbook('lmsp-uk', 'United Kingdom workbook', nations),
  lmspWorkbook('lmsp-wales', 'Wales workbook', nations),
  lmspWorkbook('lmsp-scotland', 'Scotland workbook', nations),
  lmspWorkbook('lmsp-northern-ireland', 'Northern Ireland workbook', nations),
  lmspWorkbook('lmsp-english-regions', 'English region workbooks (one for each of the nine regions)', REGIONS),
];

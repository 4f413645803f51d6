import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import type { SourceDescriptor } from '../../../source.js';
import { govukPage, type GovukAttachment } from '../../govuk/content-api.js';
import type { ProjectionRelease } from '../../../../domain/projections.js';
import type { SourceKey } from '../../../../domain/sources.js';
import { isAreaNamed, type ProjectionAreaWorkbook } from '../area-workbooks.js';
import { LMSP_CITATION, LMSP_PAGE, LMSP_PATH } from '../lmsp-england/descriptor.js';
import { mainTablesSource } from '../main-tables.js';

/**
 * Which attachments of the round's page may hold an area's workbook, by their titles: DfE's change
 * note names a "Nations projections" zip (UK, nations); the regions' attachment title is
 * unrecorded, so any title naming regions (not sub-regions) is taken.
 */
const NATIONS = (title: string) => /\bnations?\b/i.test(title);
const REGIONS = (title: string) => /\bregion(s|al)?\b/i.test(title) && !/sub-?regional/i.test(title);

const WORKBOOK_OR_ZIP = /\.(xlsm|xlsx|zip)$/i;
const isZipFile = (a: GovukAttachment) => a.filename.toLowerCase().endsWith('.zip');

/** Whether an attachment's file name or title names the area (its code before `_MainTables`, or its name). */
function namesArea(area: ProjectionAreaWorkbook, attachment: GovukAttachment): boolean {
  const code = /^([A-Za-z]+)_/.exec(attachment.filename)?.[1]?.toUpperCase();
  if (code !== undefined && area.codes.includes(code)) return true;
  return [attachment.title, attachment.filename.replace(/[_.]/g, ' ')].some((text) =>
    text.split(/[:,;(]/).some((part) => isAreaNamed(area, part.replace(/main ?tables.*$/i, '').trim())),
  );
}

/**
 * The area's workbook among the page's attachments: its own workbook when attached alone (named for
 * it), else the zip of the round's workbooks the title says holds the area's kind (its member is
 * the one whose Info sheet names the area). Workbooks attached for other areas only are recorded
 * as found, not read; nothing attached is nothing found.
 */
function discoverAreaWorkbook(area: ProjectionAreaWorkbook, holds: (title: string) => boolean) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const page = await govukPage(context, LMSP_PATH);
    const candidates = page.attachments.filter((a) => holds(a.title) && WORKBOOK_OR_ZIP.test(a.filename));
    const chosen = candidates.find((a) => !isZipFile(a) && namesArea(area, a)) ?? candidates.find(isZipFile);
    if (!chosen)
      return {
        releases: [],
        found: candidates.map((a) => ({
          label: `${page.title}: ${a.title}`,
          seriesKey: null,
          releasedAt: page.publicUpdatedAt,
          url: a.url,
          pageUrl: LMSP_PAGE,
        })),
      };
    return {
      releases: [
        {
          label: `${page.title}: ${chosen.title}`,
          namedByPublisher: true,
          seriesKey: null,
          location: { mirrorPath: `${FOLDER}/${chosen.filename}`, url: chosen.url },
          releasedAt: page.publicUpdatedAt,
          pageUrl: LMSP_PAGE,
          fingerprint: `${chosen.url} ${chosen.fileSize ?? ''}`,
        },
      ],
    };
  };
}

const FOLDER = 'lmsp-2020-2035';

interface AreaSpec extends ProjectionAreaWorkbook {
  key: SourceKey;
  holds: (title: string) => boolean;
}

/**
 * The round's workbook of one area (same generator and parser as England's): from the mirror
 * folder under `<code>_MainTables.Main.xlsm` (the name is a guess after `EN_` and Working Futures'
 * `UK_`; the mirror holds none), or from the page's attachment, refused unless its Info sheet
 * names the area.
 */
const lmspArea = ({ key, names, codes, holds }: AreaSpec): SourceDescriptor<ProjectionRelease> => ({
  ...mainTablesSource({
    key,
    name: `Labour market and skills projections 2020 to 2035: ${names[0]}, by occupation (SOC 2020 sub-major groups)`,
    url: LMSP_PAGE,
    round: 'Labour market and skills projections 2020 to 2035',
    folder: FOLDER,
    file: `${codes[0]}_MainTables.Main.xlsm`,
    classification: 'SOC 2020',
    subMajorGroups: 26,
    attribution: LMSP_CITATION,
    surface: 'GOV.UK Content API (details.attachments[])',
    discover: discoverAreaWorkbook({ names, codes }, holds),
    area: { names, codes },
  }),
  // The shared mirror holds none of these workbooks; one an operator puts in its folder is still read.
  inMirror: false,
});

/** The UK, the nations other than England, and the nine English regions, with the names their Info sheet may give. */
const AREAS: AreaSpec[] = [
  { key: 'lmsp-uk', names: ['United Kingdom', 'UK'], codes: ['UK'], holds: NATIONS },
  { key: 'lmsp-wales', names: ['Wales'], codes: ['WA', 'WL', 'WLS', 'WAL'], holds: NATIONS },
  { key: 'lmsp-scotland', names: ['Scotland'], codes: ['SC', 'SCO', 'SCT'], holds: NATIONS },
  { key: 'lmsp-northern-ireland', names: ['Northern Ireland'], codes: ['NI', 'NIR'], holds: NATIONS },
  { key: 'lmsp-north-east', names: ['North East'], codes: ['NE'], holds: REGIONS },
  { key: 'lmsp-north-west', names: ['North West'], codes: ['NW'], holds: REGIONS },
  {
    key: 'lmsp-yorkshire-and-the-humber',
    names: ['Yorkshire and The Humber', 'Yorkshire and Humber', 'Yorkshire and Humberside'],
    codes: ['YH', 'YO', 'YS'],
    holds: REGIONS,
  },
  { key: 'lmsp-east-midlands', names: ['East Midlands'], codes: ['EM'], holds: REGIONS },
  { key: 'lmsp-west-midlands', names: ['West Midlands'], codes: ['WM'], holds: REGIONS },
  {
    key: 'lmsp-east-of-england',
    names: ['East of England', 'East', 'Eastern'],
    codes: ['EE', 'EA', 'EOE'],
    holds: REGIONS,
  },
  { key: 'lmsp-london', names: ['London'], codes: ['LO', 'LN', 'LD', 'LDN', 'GL'], holds: REGIONS },
  { key: 'lmsp-south-east', names: ['South East'], codes: ['SE'], holds: REGIONS },
  { key: 'lmsp-south-west', names: ['South West'], codes: ['SW'], holds: REGIONS },
];

export const LMSP_OTHER_AREA_SOURCES: SourceDescriptor<ProjectionRelease>[] = AREAS.map(lmspArea);

import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { GOVUK, govukPage } from '../../govuk/content-api.js';
import { mainTablesSource } from '../main-tables.js';

/** DfE's page for the 2020-2035 round, where the nation, region and local workbooks are published. */
export const LMSP_PATH = '/government/publications/labour-market-and-skills-projections-2020-to-2035';
export const LMSP_PAGE = `${GOVUK}${LMSP_PATH}`;
const FOLDER = 'lmsp-2020-2035';
const WORKBOOK = 'EN_MainTables.Main.xlsm';

/**
 * England's MainTables workbook among the page's attachments: the workbook itself, or a zip
 * holding it (read from inside it). Attachment names are unrecorded (schema evidence only).
 */
async function discoverEnglandWorkbook(context: DiscoveryContext): Promise<Discovery> {
  const page = await govukPage(context, LMSP_PATH);
  const candidates = page.attachments.filter((a) => /^EN_MainTables[^/]*\.(xlsm|xlsx|zip)$/i.test(a.filename));
  const chosen = candidates.find((a) => !a.filename.toLowerCase().endsWith('.zip')) ?? candidates[0];
  if (!chosen)
    throw new Error(
      `${LMSP_PAGE} attaches no EN_MainTables workbook (${page.attachments.map((a) => a.filename).join(', ') || 'no files'})`,
    );
  const zipped = chosen.filename.toLowerCase().endsWith('.zip');
  return {
    releases: [
      {
        label: `${page.title}: ${chosen.title}`,
        namedByPublisher: true,
        seriesKey: null,
        location: {
          mirrorPath: `${FOLDER}/${zipped ? WORKBOOK : chosen.filename}`,
          url: chosen.url,
          ...(zipped ? { member: WORKBOOK } : {}),
        },
        releasedAt: page.publicUpdatedAt,
        pageUrl: LMSP_PAGE,
        fingerprint: `${chosen.url} ${chosen.fileSize ?? ''}`,
      },
    ],
  };
}

/** The 2020-2035 round as its producers and DfE name it; the response's citation. */
export const LMSP_CITATION =
  'Labour market and skills projections: 2020 to 2035 (The Skills Imperative 2035), produced by the Warwick Institute for Employment Research and Cambridge Econometrics, published by the Department for Education under the Open Government Licence v3.0.';

/**
 * Labour market and skills projections 2020-2035, England: SOC 2020 sub-major groups, base 2020,
 * target 2035. The workbook is the England sum of the round's workbooks, as DfE's Local Skills
 * dashboard keeps it (the August 2024 corrected release).
 */
export const lmspEnglandSource = mainTablesSource({
  key: 'lmsp-england',
  name: 'Labour market and skills projections 2020 to 2035: England, by occupation (SOC 2020 sub-major groups)',
  url: LMSP_PAGE,
  round: 'Labour market and skills projections 2020 to 2035',
  folder: FOLDER,
  file: WORKBOOK,
  classification: 'SOC 2020',
  subMajorGroups: 26,
  attribution: LMSP_CITATION,
  surface: 'GOV.UK Content API (details.attachments[])',
  discover: discoverEnglandWorkbook,
  area: { names: ['England'], codes: ['EN'] },
});

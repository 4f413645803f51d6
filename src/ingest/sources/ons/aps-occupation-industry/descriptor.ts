import { readWorkbook } from '../../../formats/workbook-worker.js';
import { onsSource } from '../publisher.js';
import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { longDate } from '../../discovered.js';
import { ONS_SITE, onsAdhoc, onsFileUrl } from '../ons-site.js';
import { releaseAt } from '../../../single-file-sources.js';
import { insertApsRelease } from '../../../../store/employment.js';
import { parseApsWorkbook, yearsClaimedBy } from './parse.js';
import { checkApsRelease, summariseApsRelease } from './checks.js';

/** Ad hoc 3136 (the request number is part of its address). */
const ADHOC =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs/3136employmentbyoccupationandindustrysectionasuk2021to2024';
const FOLDER = 'aps-occupation-industry';

/**
 * The ad hoc's workbook from its `/data` (`static_adhoc`, shape recorded for other ad hocs): the
 * one download whose name states its years (`…<first><last>final.xlsx`), which the parser checks.
 */
async function discoverApsAdhoc(context: DiscoveryContext): Promise<Discovery> {
  const adhoc = await onsAdhoc(context, ADHOC);
  const workbooks = adhoc.downloads.filter((d) => /\d{8}(?:final)?\.xlsx$/i.test(d.file));
  const workbook = workbooks.at(-1);
  if (!workbook)
    throw new Error(
      `ad hoc ${adhoc.uri} offers no workbook named by its years (${adhoc.downloads.map((d) => d.file).join(', ')})`,
    );
  const released = adhoc.releaseDate ? `, released ${longDate(adhoc.releaseDate)}` : '';
  return {
    releases: [
      {
        label: `${adhoc.title} (ad hoc${adhoc.reference ? ` ${adhoc.reference}` : ''}${released})`,
        seriesKey: null,
        location: { mirrorPath: `${FOLDER}/${workbook.file}`, url: onsFileUrl(adhoc.uri, workbook.file) },
        releasedAt: adhoc.releaseDate,
        pageUrl: `${ONS_SITE}${adhoc.uri}`,
        fingerprint: `${adhoc.uri}/${workbook.file} ${adhoc.releaseDate ?? ''}`,
      },
    ],
  };
}

export const apsOccupationIndustrySource = onsSource({
  key: 'aps-occupation-industry',
  name: 'Annual Population Survey: employment by occupation (SOC 2020 unit group) and industry section, UK',
  url: `${ONS_SITE}${ADHOC}`,
  cadence: 'ad hoc (user requested)',
  tier: 'api',
  surface: 'ONS ad hoc page (static_adhoc /data: downloads[])',
  detect: releaseAt(
    {
      mirrorPath: `${FOLDER}/employmentby4digitsoc1digitindustryatosuk20212024final.xlsx`,
      url: onsFileUrl(ADHOC, 'employmentby4digitsoc1digitindustryatosuk20212024final.xlsx'),
    },
    'Employment by 4-digit SOC 2020 and industry section, UK, 2021 to 2024 (ad hoc, created 14 November 2025)',
  ),
  discover: discoverApsAdhoc,
  parse: async (file, ref) =>
    parseApsWorkbook(await readWorkbook(file.bytes, { fills: true }), yearsClaimedBy(ref.location.mirrorPath)),
  check: checkApsRelease,
  summarise: summariseApsRelease,
  stage: insertApsRelease,
});

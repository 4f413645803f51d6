import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { unreleasedSource } from '../../../unreleased-source.js';
import { longDate } from '../../discovered.js';
import { ONS_SITE, onsAdhoc, onsFileUrl } from '../ons-site.js';
import { ONS_PROFILE } from '../publisher.js';

/**
 * ONS user-requested data 3501: people in employment by 4-digit SOC 2020, age, highest
 * qualification, sex, industry and ITL3 region, UK, April 2025 to March 2026 (APS). The only
 * release found that gives age bands by unit group for the UK; its workbook's layout (sheets,
 * header rows, markers) has never been seen, so it is found and named, never read (README).
 */
export const APS_AGE_ADHOC =
  '/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/adhocs/35014digitoccupationalcodingsocbyagehighestqualificationsex4digitindustrysicanditl3regionukapril2025tomarch2026';

/** The ad hoc's files from its `/data` (`static_adhoc`, the shape recorded for other ad hocs), the workbook found. */
async function discoverAgeAdhoc(context: DiscoveryContext): Promise<Discovery> {
  const adhoc = await onsAdhoc(context, APS_AGE_ADHOC);
  const workbook = adhoc.downloads.filter((d) => /\.xlsx?$/i.test(d.file)).at(-1);
  if (!workbook)
    throw new Error(`ad hoc ${adhoc.uri} offers no workbook (${adhoc.downloads.map((d) => d.file).join(', ')})`);
  const released = adhoc.releaseDate ? `, released ${longDate(adhoc.releaseDate)}` : '';
  return {
    releases: [],
    found: [
      {
        label: `${adhoc.title} (ad hoc${adhoc.reference ? ` ${adhoc.reference}` : ''}${released})`,
        seriesKey: null,
        releasedAt: adhoc.releaseDate,
        url: onsFileUrl(adhoc.uri, workbook.file),
        pageUrl: `${ONS_SITE}${adhoc.uri}`,
      },
    ],
  };
}

export const apsOccupationAgeSource = unreleasedSource(ONS_PROFILE, {
  key: 'aps-occupation-age',
  name: 'Annual Population Survey: employment by occupation (SOC 2020 unit group), age and highest qualification, UK (user requested data 3501)',
  url: `${ONS_SITE}${APS_AGE_ADHOC}`,
  cadence: 'ad hoc (user requested)',
  surface: 'ONS ad hoc page (static_adhoc /data: downloads[]), found only',
  discover: discoverAgeAdhoc,
});

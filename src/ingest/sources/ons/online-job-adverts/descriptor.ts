import { UNITED_KINGDOM } from '../../../../domain/areas.js';
import { labourDemandSource } from '../labour-demand.js';
import { ONS_SITE } from '../ons-site.js';
import { parseRegionalAdverts } from './parse.js';

/** The ONS page describing the online job advert statistics (Textkernel data) and their tables. */
export const ONLINE_JOB_ADVERTS_PAGE = `${ONS_SITE}/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/methodologies/measuringlabourdemandvolumesacrosstheukusingtextkerneldatauserguide`;

/**
 * New online job adverts by occupation each month, for the UK, its English regions and nations
 * (ONS, from Textkernel's adverts): the monthly table of the newest labour demand workbook.
 */
export const onlineJobAdvertsSource = labourDemandSource({
  key: 'online-job-adverts',
  name: 'Online job adverts: new adverts by occupation (SOC 2020 unit group), monthly, UK and regions',
  url: ONLINE_JOB_ADVERTS_PAGE,
  cadence: 'monthly',
  kind: 'monthly',
  parse: parseRegionalAdverts,
  mustHave: { [UNITED_KINGDOM.code]: 'the UK (Total UK)' },
  summaryArea: UNITED_KINGDOM.code,
});

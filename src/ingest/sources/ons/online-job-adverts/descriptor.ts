import { unreleasedSource } from '../../../unreleased-source.js';
import { labourDemandDiscovery } from '../labour-demand.js';
import { ONS_PROFILE } from '../publisher.js';

/** The ONS page describing the online job advert statistics (Textkernel data) and their tables. */
export const ONLINE_JOB_ADVERTS_PAGE =
  'https://www.ons.gov.uk/employmentandlabourmarket/peopleinwork/employmentandemployeetypes/methodologies/measuringlabourdemandvolumesacrosstheukusingtextkerneldatauserguide';

/**
 * New online job adverts by occupation each month, for the UK and its regions (ONS, from
 * Textkernel's adverts). No parser: the newest release is found through ONS search and named, so that
 * /v1/occupations/{soc}/job-adverts and /v1/job-adverts answer 404 naming it.
 */
export const onlineJobAdvertsSource = unreleasedSource(ONS_PROFILE, {
  key: 'online-job-adverts',
  name: 'Online job adverts: new adverts by occupation (SOC 2020 unit group), monthly, UK and regions',
  url: ONLINE_JOB_ADVERTS_PAGE,
  cadence: 'monthly',
  surface: 'ONS search API -> dataset landing -> newest edition (found only)',
  // the national and regional tables (not the local authority ones)
  discover: labourDemandDiscovery((title) => !/local authorit/i.test(title)),
});

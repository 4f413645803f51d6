import { unreleasedSource } from '../../../unreleased-source.js';
import { labourDemandDiscovery } from '../labour-demand.js';
import { ONLINE_JOB_ADVERTS_PAGE } from '../online-job-adverts/descriptor.js';
import { ONS_PROFILE } from '../publisher.js';

/**
 * New online job adverts by occupation and local authority each quarter, with all new adverts in
 * each area and the UK (ONS, from Textkernel's adverts). No release is reachable from here:
 * registered so that the local job-advert endpoints answer 404 naming it.
 */
export const onlineJobAdvertsLocalSource = unreleasedSource(ONS_PROFILE, {
  key: 'online-job-adverts-local',
  name: 'Online job adverts: new adverts by occupation (SOC 2020 unit group) and local authority (April 2023 districts), quarterly',
  url: ONLINE_JOB_ADVERTS_PAGE,
  cadence: 'quarterly',
  surface: 'ONS search API -> dataset landing -> newest edition (found only)',
  // the local authority tables
  discover: labourDemandDiscovery((title) => /local authorit/i.test(title)),
});

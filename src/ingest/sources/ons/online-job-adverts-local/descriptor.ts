import { UNITED_KINGDOM } from '../../../../domain/areas.js';
import { labourDemandSource } from '../labour-demand.js';
import { ONLINE_JOB_ADVERTS_PAGE } from '../online-job-adverts/descriptor.js';
import { parseLocalAdverts } from './parse.js';

/**
 * New online job adverts by occupation and local authority district each quarter, with all new
 * adverts in each area (ONS, from Textkernel's adverts): the local table of the newest labour
 * demand workbook, its latest twelve quarters.
 */
export const onlineJobAdvertsLocalSource = labourDemandSource({
  key: 'online-job-adverts-local',
  name: 'Online job adverts: new adverts by occupation (SOC 2020 unit group) and local authority (April 2023 districts), quarterly',
  url: ONLINE_JOB_ADVERTS_PAGE,
  cadence: 'quarterly',
  kind: 'local',
  parse: parseLocalAdverts,
  mustHave: { E12000007: 'London', [UNITED_KINGDOM.code]: 'the UK (the sum of its areas)' },
  summaryArea: UNITED_KINGDOM.code,
});

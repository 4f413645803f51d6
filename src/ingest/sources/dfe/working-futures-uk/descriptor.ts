import { mainTablesSource } from '../main-tables.js';
import { discoverWorkingFuturesUk } from './discover.js';

/**
 * Working Futures 2017-2027, UK: the previous round, SOC 2010 sub-major groups, base 2017, target
 * 2027. Served for the UK only because no UK workbook of the 2020-2035 round is available, and said so.
 */
export const workingFuturesUkSource = mainTablesSource({
  key: 'working-futures-uk',
  name: 'Working Futures 2017-2027: United Kingdom, by occupation (SOC 2010 sub-major groups)',
  url: 'https://www2.warwick.ac.uk/fac/soc/ier/research/wf/',
  round: 'Working Futures 2017-2027',
  folder: 'working-futures',
  file: 'UK_MainTables.Main.xlsm',
  classification: 'SOC 2010',
  subMajorGroups: 25,
  surface: "Warwick IER's Working Futures 2017-2027 download page (its UK_MainTables link)",
  tier: 'scrapeanddiff',
  discover: discoverWorkingFuturesUk,
  attribution:
    'Working Futures 2017-2027: long-run labour market and skills projections for the UK, produced by the Warwick Institute for Employment Research and Cambridge Econometrics, published by the Department for Education under the Open Government Licence v3.0.',
});

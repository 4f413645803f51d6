import { asheTableSource } from '../ashe-tables.js';
import { checkAsheTable14 } from './checks.js';
import { DATA_SHEETS, table14Rows } from './parse.js';

const MiB = 1024 * 1024;

export const asheTable14Source = asheTableSource({
  key: 'ashe-table14',
  name: 'Annual Survey of Hours and Earnings (ASHE), Table 14: occupation by four-digit SOC 2020',
  family: 14,
  datasetPath:
    '/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/occupation4digitsoc2010ashetable14',
  sheets: DATA_SHEETS,
  rowsOf: table14Rows,
  check: checkAsheTable14,
  // The real zips are 11.1 MB (2024 provisional, the mirror's) and 11.2 MB (2025 provisional, a client's manifest).
  limits: { maxFileBytes: 64 * MiB },
});

import { asheTableSource } from '../ashe-tables.js';
import { checkAsheTable15 } from './checks.js';
import { DATA_SHEETS, table15Rows } from './parse.js';

const MiB = 1024 * 1024;

/** No Table 15 release is in the mirror: it is read only from ONS (LMI_UPSTREAM=publishers). */
export const asheTable15Source = {
  ...asheTableSource({
    key: 'ashe-table15',
    name: 'Annual Survey of Hours and Earnings (ASHE), Table 15: region by occupation (four-digit SOC 2020)',
    family: 15,
    datasetPath:
      '/employmentandlabourmarket/peopleinwork/earningsandworkinghours/datasets/regionbyoccupation4digitsoc2010ashetable15',
    sheets: DATA_SHEETS,
    rowsOf: table15Rows,
    check: checkAsheTable15,
    // The real 2025 provisional zip is about 84 MB (third-party records of its size): about twice that.
    // Its 22 four-digit workbooks of 11 x 412 rows in nine sheets take minutes to read, not seconds.
    limits: { maxFileBytes: 160 * MiB, maxParseMs: 30 * 60_000 },
  }),
  inMirror: false,
};

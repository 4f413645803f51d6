import type { OnetSoc2010Link } from '../../../../domain/work-profile.js';
import type { Workbook } from '../../../formats/workbook.js';
import { ONET_SOC_CODE, US_SOC_CODE } from '../publisher.js';
import { expectCode, readTaxonomySheet } from '../taxonomy-sheet.js';

export const ONET_2010_FILE = 'ONET_to_US2010SOC.xlsx';

const WHAT = 'O*NET-SOC 2010 crosswalk';

/** Reads the first sheet: header `O*NET-SOC 2010 Code | O*NET-SOC 2010 Title | 2010 SOC Code | 2010 SOC Title`, one row an occupation. */
export function parseOnetSoc2010Crosswalk(workbook: Workbook): OnetSoc2010Link[] {
  return readTaxonomySheet(workbook, WHAT, [
    'O*NET-SOC 2010 Code',
    'O*NET-SOC 2010 Title',
    '2010 SOC Code',
  ] as const).map((r) => ({
    onetSoc2010: expectCode(r['O*NET-SOC 2010 Code'], ONET_SOC_CODE, WHAT, r.row, 'O*NET-SOC 2010 Code'),
    onetTitle: r['O*NET-SOC 2010 Title'],
    usSoc2010: expectCode(r['2010 SOC Code'], US_SOC_CODE, WHAT, r.row, '2010 SOC Code'),
  }));
}

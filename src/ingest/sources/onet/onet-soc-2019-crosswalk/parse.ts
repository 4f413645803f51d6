import type { OnetSoc2019Link } from '../../../../domain/work-profile.js';
import type { Workbook } from '../../../formats/workbook.js';
import { ONET_SOC_CODE } from '../publisher.js';
import { expectCode, readTaxonomySheet } from '../taxonomy-sheet.js';

export const ONET_2010_TO_2019_FILE = '2010_to_2019_Crosswalk.xlsx';

const WHAT = 'O*NET-SOC 2010 to 2019 crosswalk';

/**
 * Reads "Crosswalk 2010 to 2019": a title block, then the header `O*NET-SOC 2010 Code |
 * O*NET-SOC 2010 Title | O*NET-SOC 2019 Code | O*NET-SOC 2019 Title`, one row a (2010, 2019) pair.
 */
export function parseOnetSoc2019Crosswalk(workbook: Workbook): OnetSoc2019Link[] {
  return readTaxonomySheet(workbook, WHAT, [
    'O*NET-SOC 2010 Code',
    'O*NET-SOC 2019 Code',
    'O*NET-SOC 2019 Title',
  ] as const).map((r) => ({
    onetSoc2010: expectCode(r['O*NET-SOC 2010 Code'], ONET_SOC_CODE, WHAT, r.row, 'O*NET-SOC 2010 Code'),
    onetSoc2019: expectCode(r['O*NET-SOC 2019 Code'], ONET_SOC_CODE, WHAT, r.row, 'O*NET-SOC 2019 Code'),
    onetSoc2019Title: r['O*NET-SOC 2019 Title'],
  }));
}

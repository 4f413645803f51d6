import type { OnetSoc2018Link } from '../../../../domain/work-profile.js';
import type { Workbook } from '../../../formats/workbook.js';
import { ONET_SOC_CODE, US_SOC_CODE } from '../publisher.js';
import { expectCode, readTaxonomySheet } from '../taxonomy-sheet.js';

export const ONET_2019_TO_SOC_FILE = '2019_to_SOC_Crosswalk.xlsx';

const WHAT = 'O*NET-SOC 2019 to 2018 SOC crosswalk';

/**
 * Reads "Crosswalk O*NET-SOC 2019 to 2018 SOC": a title block, then the header `O*NET-SOC 2019
 * Code | O*NET-SOC 2019 Title | 2018 SOC Code | 2018 SOC Title`, one row an O*NET-SOC 2019 occupation.
 */
export function parseOnetSoc2018Crosswalk(workbook: Workbook): OnetSoc2018Link[] {
  return readTaxonomySheet(workbook, WHAT, [
    'O*NET-SOC 2019 Code',
    'O*NET-SOC 2019 Title',
    '2018 SOC Code',
    '2018 SOC Title',
  ] as const).map((r) => ({
    onetSoc2019: expectCode(r['O*NET-SOC 2019 Code'], ONET_SOC_CODE, WHAT, r.row, 'O*NET-SOC 2019 Code'),
    onetTitle: r['O*NET-SOC 2019 Title'],
    usSoc2018: expectCode(r['2018 SOC Code'], US_SOC_CODE, WHAT, r.row, '2018 SOC Code'),
    usSoc2018Title: r['2018 SOC Title'],
  }));
}

import type { OnetSoc2010Link } from '../../../../domain/work-profile.js';
import type { Cell, Workbook } from '../../../formats/workbook.js';
import { ONET_SOC_CODE, US_SOC_CODE } from '../publisher.js';

export const ONET_2010_FILE = 'ONET_to_US2010SOC.xlsx';

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).trim());

/** Reads the first sheet: header `O*NET-SOC 2010 Code | O*NET-SOC 2010 Title | 2010 SOC Code | 2010 SOC Title`, one row an occupation. */
export function parseOnetSoc2010Crosswalk(workbook: Workbook): OnetSoc2010Link[] {
  const name = workbook.sheetNames[0];
  const rows = name === undefined ? undefined : workbook.sheets[name];
  if (!rows || rows.length === 0) throw new Error('O*NET-SOC 2010 crosswalk: the workbook has no sheet');
  const header = rows[0]!.map(text);
  const col = (wanted: string) => {
    const i = header.indexOf(wanted);
    if (i < 0) throw new Error(`O*NET-SOC 2010 crosswalk: no column "${wanted}" (columns: ${header.join(', ')})`);
    return i;
  };
  const code = col('O*NET-SOC 2010 Code');
  const title = col('O*NET-SOC 2010 Title');
  const soc = col('2010 SOC Code');
  const links: OnetSoc2010Link[] = [];
  rows.slice(1).forEach((row, i) => {
    if (row.every((cell) => text(cell) === '')) return;
    const onetSoc2010 = text(row[code]);
    const usSoc2010 = text(row[soc]);
    if (!ONET_SOC_CODE.test(onetSoc2010)) throw new Error(`O*NET-SOC 2010 crosswalk, row ${i + 2}: "${onetSoc2010}" is not an O*NET-SOC code`);
    if (!US_SOC_CODE.test(usSoc2010)) throw new Error(`O*NET-SOC 2010 crosswalk, row ${i + 2}: "${usSoc2010}" is not a six-digit SOC code`);
    links.push({ onetSoc2010, onetTitle: text(row[title]), usSoc2010 });
  });
  return links;
}

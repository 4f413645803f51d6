import type { IscoUsSocLink } from '../../../../domain/work-profile.js';
import type { Cell, SheetRows, Workbook } from '../../../formats/workbook.js';
import { US_SOC_CODE } from '../../onet/publisher.js';

export const CROSSWALK_SHEET = 'ISCO-08 to 2010 SOC';

export interface IscoUsSocCrosswalk {
  /** The release as BLS dates it on the sheet, e.g. "August 2012 (Updated June 2015)". */
  dated: string;
  links: IscoUsSocLink[];
}

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell).trim());

/**
 * Reads sheet `ISCO-08 to 2010 SOC`: a title block (BLS, SOCPC, the date, a contact line), then a
 * header row `ISCO-08 Code | ISCO-08 Title EN | part | 2010 SOC Code | 2010 SOC Title | Comment`.
 */
export function parseIscoUsSocCrosswalk(workbook: Workbook): IscoUsSocCrosswalk {
  const rows: SheetRows | undefined = workbook.sheets[CROSSWALK_SHEET];
  if (!rows)
    throw new Error(`BLS crosswalk: no sheet "${CROSSWALK_SHEET}" (sheets: ${workbook.sheetNames.join(', ')})`);
  const headerAt = rows.findIndex((r) => text(r[0]) === 'ISCO-08 Code');
  if (headerAt < 0) throw new Error('BLS crosswalk: no header row starting "ISCO-08 Code"');
  const header = rows[headerAt]!.map(text);
  const col = (name: string) => {
    const i = header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new Error(`BLS crosswalk: no column "${name}" (columns: ${header.join(', ')})`);
    return i;
  };
  const isco = col('ISCO-08 Code');
  const part = col('part');
  const soc = col('2010 SOC Code');
  const socTitle = col('2010 SOC Title');
  const dated = rows
    .slice(0, headerAt)
    .map((r) => text(r[0]))
    .find((line) => /^[A-Z][a-z]+ \d{4}\b/.test(line));
  if (!dated) throw new Error('BLS crosswalk: no release date ("Month YYYY ...") above the header');

  const links: IscoUsSocLink[] = [];
  rows.slice(headerAt + 1).forEach((row, i) => {
    if (row.every((cell) => text(cell) === '')) return;
    const where = `BLS crosswalk, row ${headerAt + i + 2}`;
    const iscoCell = row[isco];
    const isco08 = typeof iscoCell === 'number' ? String(iscoCell).padStart(4, '0') : text(iscoCell);
    if (!/^\d{1,4}$/.test(isco08)) throw new Error(`${where}: ISCO-08 code "${isco08}" is not a code`);
    const usSoc2010 = text(row[soc]);
    if (!US_SOC_CODE.test(usSoc2010))
      throw new Error(`${where}: 2010 SOC code "${usSoc2010}" is not a six-digit SOC code`);
    const marker = text(row[part]);
    if (marker !== '' && marker !== '*') throw new Error(`${where}: part "${marker}" is neither blank nor "*"`);
    links.push({ isco08, usSoc2010, usSocTitle: text(row[socTitle]), partial: marker === '*' });
  });
  return { dated, links };
}

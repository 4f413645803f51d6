import type { OnetOccupation } from '../../../../domain/work-profile.js';
import { readTabSeparated } from '../../../formats/delimited.js';
import { ONET_SOC_CODE } from '../publisher.js';

export const OCCUPATION_DATA_FILE = 'Occupation Data.txt';

export function parseOnetOccupations(bytes: Uint8Array): OnetOccupation[] {
  return readTabSeparated(bytes, ['O*NET-SOC Code', 'Title'], 'O*NET Occupation Data').map((row, i) => {
    const code = row['O*NET-SOC Code']!;
    if (!ONET_SOC_CODE.test(code))
      throw new Error(`O*NET Occupation Data, line ${i + 2}: "${code}" is not an O*NET-SOC code`);
    if (!row.Title) throw new Error(`O*NET Occupation Data, line ${i + 2}: no title`);
    return { code, title: row.Title };
  });
}

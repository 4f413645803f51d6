import { volume2Source } from '../soc2020-volume2.js';
import { insertCodingIndex } from '../../../../store/coding-index.js';
import { ABBREVIATIONS_SHEET, CODING_INDEX_SHEET, checkCodingIndex, parseCodingIndex } from './parse.js';

export const codingIndexSource = volume2Source({
  key: 'soc2020-index',
  name: 'SOC 2020 Volume 2: the coding index',
  cadence: 'new versions about twice a year',
  sheets: [CODING_INDEX_SHEET, ABBREVIATIONS_SHEET],
  read: parseCodingIndex,
  check: checkCodingIndex,
  stage: insertCodingIndex,
});

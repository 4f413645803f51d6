import { insertCodingIndex } from '../../../../store/coding-index.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import { ONS_ATTRIBUTION, OGL, VOLUME2_PAGE, detectVolume2, volume2ReleaseLabel } from '../soc2020-volume2.js';
import { ABBREVIATIONS_SHEET, CODING_INDEX_SHEET, checkCodingIndex, parseCodingIndex } from './parse.js';
import type { CodingIndex } from '../../../../domain/soc.js';

export interface CodingIndexRelease {
  label: string;
  index: CodingIndex;
}

export const codingIndexSource: SourceDescriptor<CodingIndexRelease> = {
  key: 'soc2020-index',
  name: 'SOC 2020 Volume 2: the coding index',
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: VOLUME2_PAGE,
  cadence: 'new versions about twice a year',
  tier: 'scrapeanddiff',
  attribution: ONS_ATTRIBUTION,

  detect: detectVolume2,

  async parse(file) {
    const workbook = await readWorkbook(file.bytes, { sheets: ['Information', CODING_INDEX_SHEET, ABBREVIATIONS_SHEET] });
    return { label: volume2ReleaseLabel(workbook), index: parseCodingIndex(workbook) };
  },

  labelOf(release) {
    return release.label;
  },

  check(release) {
    return checkCodingIndex(release.index);
  },

  stage(trx, editionId, release) {
    return insertCodingIndex(trx, editionId, release.index);
  },
};

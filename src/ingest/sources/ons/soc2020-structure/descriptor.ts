import { insertSocGroups } from '../../../../store/soc-groups.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import type { SourceDescriptor } from '../../../source.js';
import { ONS_ATTRIBUTION, OGL, VOLUME2_PAGE, detectVolume2, volume2ReleaseLabel } from '../soc2020-volume2.js';
import { checkSocStructure } from './checks.js';
import { FRAMEWORK_SHEET, parseSocFramework } from './parse.js';
import type { SocGroup } from '../../../../domain/soc.js';

export interface SocStructureRelease {
  label: string;
  groups: SocGroup[];
}

export const socStructureSource: SourceDescriptor<SocStructureRelease> = {
  key: 'soc2020-structure',
  name: 'SOC 2020 structure (major, sub-major, minor and unit groups)',
  publisher: 'Office for National Statistics',
  licence: OGL,
  url: VOLUME2_PAGE,
  cadence: 'revised with each coding index version (about twice a year)',
  tier: 'scrapeanddiff',
  attribution: ONS_ATTRIBUTION,

  detect: detectVolume2,

  async parse(file) {
    const workbook = await readWorkbook(file.bytes, { sheets: ['Information', FRAMEWORK_SHEET] });
    return { label: volume2ReleaseLabel(workbook), groups: parseSocFramework(workbook) };
  },

  labelOf(release) {
    return release.label;
  },

  check(release) {
    return checkSocStructure(release.groups);
  },

  stage(trx, editionId, release) {
    return insertSocGroups(trx, editionId, release.groups);
  },
};

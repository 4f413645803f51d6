import { volume2Source } from '../soc2020-volume2.js';
import { insertSocGroups } from '../../../../store/occupations.js';
import { checkSocStructure } from './checks.js';
import { FRAMEWORK_SHEET, parseSocFramework } from './parse.js';

export const socStructureSource = volume2Source({
  key: 'soc2020-structure',
  name: 'SOC 2020 structure (major, sub-major, minor and unit groups)',
  cadence: 'revised with each coding index version (about twice a year)',
  sheets: [FRAMEWORK_SHEET],
  read: parseSocFramework,
  check: checkSocStructure,
  stage: insertSocGroups,
});

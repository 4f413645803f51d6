import { insertSocCrosswalk } from '../../../../store/soc-crosswalk.js';
import { readWorkbook } from '../../../formats/workbook-worker.js';
import { mirrorFileSource } from '../../../single-file-sources.js';
import type { SourceDescriptor } from '../../../source.js';
import type { SocCrosswalk } from '../../../../domain/soc.js';
import { ONS_PROFILE } from '../publisher.js';
import { checkSocCrosswalk } from './checks.js';
import { RELATIONSHIP_PAGE_URL, discoverRelationshipTables } from './discover.js';
import { parseSocCrosswalk } from './parse.js';
import { relationshipTablesOf } from './relationship-tables.js';

const mirrorCopy = mirrorFileSource('soc-crosswalk', ONS_PROFILE, {
  key: 'soc-crosswalk',
  name: 'SOC 2010 to SOC 2020 relationship table (dual-coded LFS 2014-2016 and 2011 Census records)',
  url: RELATIONSHIP_PAGE_URL,
  cadence: null,
  tier: 'scrapeanddiff',
  surface: 'ONS methodology page (the relationship tables it links)',
  discover: discoverRelationshipTables,
  file: 'ONS_SOC2010_SOC2020.xlsx',
  label: 'SOC 2010 to SOC 2020 relationship shares, ONS dual-coded LFS 2014-2016 and 2011 Census (re-laid-out copy)',
  parse: async (bytes) => parseSocCrosswalk(await readWorkbook(bytes)),
  check: (crosswalk) => checkSocCrosswalk(crosswalk),
  stage: insertSocCrosswalk,
});

/**
 * ONS's shares of each SOC 2010 unit group's dual-coded records in each SOC 2020 unit group, read
 * two ways into the same rows: the mirror's re-laid-out copy (its own parser, its label saying it
 * is a copy), or ONS's own workbooks from the relationship page, where the unit-group table is
 * found by its labels in whichever workbook and sheet holds it (the newest workbook first).
 */
export const socCrosswalkSource: SourceDescriptor<SocCrosswalk> = {
  ...mirrorCopy,
  parse: async (file, release, companions) => {
    if (file.uri.startsWith('mirror:')) return mirrorCopy.parse(file, release, companions);
    const reasons: string[] = [];
    for (const workbook of [file, ...companions]) {
      try {
        return relationshipTablesOf(await readWorkbook(workbook.bytes));
      } catch (error) {
        reasons.push(`${workbook.uri.split('/').pop()}: ${(error as Error).message}`);
      }
    }
    throw new Error(`no workbook holds the unit-group table from SOC 2010 to SOC 2020 (${reasons.join('; ')})`);
  },
};

import path from 'node:path';
import { insertContentExport } from '../../../../store/how-to-become.js';
import type { ReleaseRef } from '../../../source.js';
import type { FileLocation } from '../../../upstream.js';
import { ncsSource } from '../publisher.js';
import { checkContentExport } from './checks.js';
import { parseRecipes } from './parse.js';
import { EXPORT_COMMIT, EXPORT_REPOSITORY, exportDiscovery } from './repository.js';

/** The mirror folder of the recipe files. */
const FOLDER = 'ncs-content-export-2020/recipes';
/** The "full" job-profile import set: files 179-236 with this suffix (see MANIFEST.md). */
const RECIPE_FILE = /^\d{3}\. [A-Za-z0-9]+_79e9f26d-6152-4246-9dc1-3f7d289acb59\.recipe\.json$/;
/** How many files the set has; another count is another set, refused. */
const RECIPE_FILES = 58;
const REPOSITORY =
  'https://github.com/SkillsFundingAgency/dfc-servicetaxonomy-editor/tree/master/DFC.ServiceTaxonomy.Editor/Recipes';

const CONTENT_EXPORT_LABEL = 'National Careers Service job profile content, November 2020';

/**
 * The National Careers Service's own structured job-profile content, as exported in November 2020
 * to DfE's public Service Taxonomy editor repository (58 Orchard Core recipe files): from the mirror,
 * or from the repository itself at the pinned commit (`repository.ts`). Its content is not current.
 */
export const ncsContentExportSource = ncsSource({
  key: 'ncs-content-export-2020',
  name: 'National Careers Service job profiles: structured content export (November 2020)',
  url: REPOSITORY,
  tier: 'detectonly',
  // 17 MB of JSON and 16,000 HTML fragments: more heap than the default, within a minute. (The
  // pipeline already parses every registered source in a worker thread with these limits.)
  limits: { maxHeapMb: 1024, maxParseMs: 60_000 },
  async detect(upstream): Promise<ReleaseRef[]> {
    const files = (await upstream.listFolder(FOLDER)).filter((name) => RECIPE_FILE.test(name));
    if (files.length === 0) return [];
    const [first, ...rest] = files.map((name): FileLocation => ({ mirrorPath: `${FOLDER}/${name}`, url: REPOSITORY }));
    return [{ label: CONTENT_EXPORT_LABEL, seriesKey: null, location: first!, companions: rest }];
  },
  surface: `GitHub contents API of DfE's ${EXPORT_REPOSITORY} at commit ${EXPORT_COMMIT.slice(0, 12)} -> the job-profile recipe files`,
  discover: exportDiscovery(FOLDER, CONTENT_EXPORT_LABEL),
  async parse(file, _release, companions) {
    const files = [file, ...companions];
    if (files.length !== RECIPE_FILES)
      throw new Error(`the export has ${RECIPE_FILES} recipe files; ${files.length} were found`);
    const recipes = files.map((f) => ({ name: path.basename(decodeURIComponent(f.uri)), bytes: f.bytes }));
    return parseRecipes(recipes);
  },
  check: checkContentExport,
  stage: insertContentExport,
});

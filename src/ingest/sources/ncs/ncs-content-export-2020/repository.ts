import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import type { FileLocation } from '../../../upstream.js';

/**
 * Where the November 2020 export is published: DfE's own public repository of the Service Taxonomy
 * editor (`SkillsFundingAgency/dfc-servicetaxonomy-editor`), at the commit that added the "full"
 * job-profile import set (ff98e78df5bf, 16 November 2020; HEAD fef9c672fa10 of March 2026 holds the
 * same bytes). The folder is listed through GitHub's contents API at that commit (348 entries, under
 * its 1,000-entry limit) and each file read at its `download_url` (raw.githubusercontent.com).
 */

export const EXPORT_REPOSITORY = 'SkillsFundingAgency/dfc-servicetaxonomy-editor';
export const EXPORT_COMMIT = 'ff98e78df5bfade949f77635c725aa071506f8a3';
export const RECIPES_FOLDER = 'DFC.ServiceTaxonomy.Editor/Recipes';

/** The contents API's listing of the recipes folder at the pinned commit. */
export const RECIPES_LISTING = `https://api.github.com/repos/${EXPORT_REPOSITORY}/contents/${RECIPES_FOLDER}?ref=${EXPORT_COMMIT}`;

/** One entry of a contents API folder listing (the fields read; GitHub sends more). */
interface ContentsEntry {
  name: string;
  type: string;
  download_url: string | null;
}

/**
 * The import set's files: three-digit numbered, the set's suffix. Its `Create*` files (numbers 1 to
 * 178) load ESCO's own labels and concepts, which this service reads from ESCO itself; the rest are
 * the job-profile content (numbers 179 to 236 at the pinned commit).
 */
const IMPORT_FILE = /^\d{3}\. ([A-Za-z]+)\d*_79e9f26d-6152-4246-9dc1-3f7d289acb59\.recipe\.json$/;

/** The job-profile content files of a listing, in file order; throws on a listing of another shape. */
export function contentFiles(listing: unknown): ContentsEntry[] {
  if (!Array.isArray(listing))
    throw new Error(`${RECIPES_LISTING} is not a contents listing (a JSON array of entries)`);
  const entries = listing as Partial<ContentsEntry>[];
  const files = entries.filter(
    (e): e is ContentsEntry => e.type === 'file' && typeof e.name === 'string' && typeof e.download_url === 'string',
  );
  return files
    .filter((e) => {
      const kind = IMPORT_FILE.exec(e.name)?.[1];
      return kind !== undefined && !kind.startsWith('Create');
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The export as one release of every content file (the first its file, the rest companions: the
 * release's SHA-256 covers them all); the parse refuses another number of files. The commit is
 * pinned, so the release only changes if that commit's files do (never, short of a rewritten history).
 */
export function exportDiscovery(mirrorFolder: string, label: string) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const files = contentFiles(await context.getJson(RECIPES_LISTING, { accept: 'application/vnd.github+json' }));
    if (files.length === 0) throw new Error(`${RECIPES_LISTING} lists no job-profile recipe file of the import set`);
    const [first, ...rest] = files.map((f): FileLocation => ({
      mirrorPath: `${mirrorFolder}/${f.name}`,
      url: f.download_url!,
    }));
    return {
      releases: [
        {
          label,
          seriesKey: null,
          location: first!,
          companions: rest,
          releasedAt: '2020-11-16',
          pageUrl: `https://github.com/${EXPORT_REPOSITORY}/tree/${EXPORT_COMMIT}/${RECIPES_FOLDER}`,
          fingerprint: `${EXPORT_COMMIT} ${files.map((f) => f.name).join('|')}`,
        },
      ],
    };
  };
}

import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Discovery, DiscoveryContext } from '../../discovery.js';
import { isZip } from '../../formats/inflate.js';

/**
 * Where ESCO's CSV packages are read from (LMI_UPSTREAM=publishers): the Commission's own download
 * addresses of one pinned version, or the package the operator names (LMI_ESCO_PACKAGE, an https://
 * address or a local file), which overrides them. The download page is a form whose link is
 * e-mailed, but the files behind it have stable addresses (`_publishers/LAYOUTS.md` Part 2 §1.0).
 */

const ESCO_DOWNLOAD_PAGE = 'https://esco.ec.europa.eu/en/use-esco/download';

/**
 * The ESCO version read from the Commission: v1.1.1, the one whose download addresses are evidenced
 * by the zips themselves (a public copy whose MD5s match the addresses' README) and the mirror's.
 */
export const ESCO_VERSION = '1.1.1';

const ESCO_DOWNLOADS = 'https://ec.europa.eu/esco/download/';

/**
 * The Commission's two packages of a version: the English classification (occupations, skills)
 * and the language-free one holding the relations (its language slot is empty: two spaces).
 */
export function escoDownloadUrl(pkg: 'en' | 'relations', version = ESCO_VERSION): string {
  const language = pkg === 'en' ? 'en' : '';
  return `${ESCO_DOWNLOADS}${encodeURIComponent(`ESCO dataset - v${version} - classification - ${language} - csv.zip`)}`;
}

/** The version a package's name states: `ESCO dataset - v1.2.1 - classification - en - csv.zip` -> `1.2.1`. */
export function escoVersionOf(name: string): string | null {
  return /\bv(\d+(?:\.\d+){1,2})\b/i.exec(name)?.[1] ?? null;
}

/** Whether a version writes its files `<name>_en.csv` (1.2 and later; 1.1.1's relations file has no suffix). */
function languageSuffixed(version: string | null): boolean {
  if (version === null) return true;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 1 || (major === 1 && minor >= 2);
}

/**
 * The package's release of one of its files. `entries` are the file's names in the package, newest
 * naming first (`occupationSkillRelations_en.csv` from 1.2, `occupationSkillRelations.csv` in
 * 1.1.1): the member is the one the package's stated version uses; the parse looks for each.
 * `pkg` is the Commission's package that holds the file when no package is configured.
 */
export function escoPackageDiscovery(
  mirrorPath: string,
  what: string,
  entries: [string, ...string[]],
  pkg: 'en' | 'relations',
) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const configured = context.options.escoPackage ?? escoDownloadUrl(pkg);
    const name = decodeURIComponent(configured.split(/[/\\]/).pop() ?? '');
    const version = escoVersionOf(name);
    const member = languageSuffixed(version) ? entries[0] : (entries[1] ?? entries[0]);
    const remote = configured.startsWith('https://');
    const file = remote ? null : await stat(configured);
    return {
      releases: [
        {
          label: `ESCO${version ? ` v${version}` : ''}: ${what}`,
          seriesKey: null,
          location: remote
            ? { mirrorPath, url: configured, member }
            : { mirrorPath, url: pathToFileURL(configured).href, member, builtPath: path.resolve(configured) },
          pageUrl: ESCO_DOWNLOAD_PAGE,
          // A local package changes by replacing the file; an address by what its validators say.
          ...(file ? { fingerprint: `${configured} ${file.size} ${file.mtimeMs}` } : {}),
        },
      ],
    };
  };
}

/**
 * Refuses what an address answered in place of the package: the Commission's download answers a
 * web page where the file has gone (third-party notes say the direct links were removed), which
 * must not be read as a CSV.
 */
export function assertPackage(bytes: Uint8Array, url: string): void {
  if (isZip(bytes)) return;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  const what =
    head.startsWith('<!doctype html') || head.startsWith('<html') ? 'an HTML page' : 'a file that is not a zip';
  throw new Error(`${url} answered ${what}, not ESCO's CSV package (a zip)`);
}

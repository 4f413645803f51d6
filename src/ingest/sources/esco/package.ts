import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Discovery, DiscoveryContext } from '../../discovery.js';

/**
 * ESCO's CSV package as the operator configures it (LMI_ESCO_PACKAGE): ESCO offers no file address
 * (its download page is a form whose link is e-mailed; `_publishers/MANIFEST.md` §2h), so the
 * package is an https:// address or a local file the operator names. Unset: no release (the
 * source stays unavailable, serving whatever the mirror gave it).
 */

const ESCO_DOWNLOAD_PAGE = 'https://esco.ec.europa.eu/en/use-esco/download';

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
 */
export function escoPackageDiscovery(mirrorPath: string, what: string, entries: [string, ...string[]]) {
  return async (context: DiscoveryContext): Promise<Discovery> => {
    const configured = context.options.escoPackage;
    if (!configured) return { releases: [] };
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

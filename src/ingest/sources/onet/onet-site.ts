import type { DiscoveryContext } from '../../discovery.js';
import { linksIn } from '../../formats/html-links.js';

/**
 * O*NET's web site as a publisher surface: the database page links each release's text download
 * (`/dl_files/database/db_<M>_<m>_text.zip`), the taxonomy pages link the crosswalk workbooks. No
 * copy of either page is recorded: the link forms are from hand-written snippets of the pages in
 * third-party tests (`_publishers/MANIFEST.md` §2g), the taxonomy pages' from nothing better than
 * the mirror's file names.
 */

export const ONET_DATABASE_PAGE = 'https://www.onetcenter.org/database.html';

interface OnetDatabaseRelease {
  /** `30.3` */
  version: string;
  major: number;
  minor: number;
  /** The text download's address. */
  url: string;
  /** The folder the zip's entries sit in: `db_30_3_text`. */
  folder: string;
}

const TEXT_ZIP = /\/dl_files\/database\/(db_(\d+)_(\d+)_text)\.zip$/;

/** The newest database release the database page links a text download of, by (major, minor). */
export async function newestTextZip(context: DiscoveryContext): Promise<OnetDatabaseRelease> {
  const page = await context.getText(ONET_DATABASE_PAGE, { accept: 'text/html' });
  const releases = linksIn(page.text, page.url)
    .flatMap((url) => {
      const match = TEXT_ZIP.exec(new URL(url).pathname);
      return match ? [{ url, folder: match[1]!, major: Number(match[2]), minor: Number(match[3]) }] : [];
    })
    .sort((a, b) => a.major - b.major || a.minor - b.minor);
  const newest = releases.at(-1);
  if (!newest) throw new Error(`${ONET_DATABASE_PAGE} links no database text download (db_<M>_<m>_text.zip)`);
  return {
    version: `${newest.major}.${newest.minor}`,
    major: newest.major,
    minor: newest.minor,
    url: newest.url,
    folder: newest.folder,
  };
}

/** The first workbook a taxonomy page links whose file name is `name`, or else matches `fallback`. */
export async function taxonomyFile(
  context: DiscoveryContext,
  pageUrl: string,
  name: string,
  fallback?: RegExp,
): Promise<string> {
  const page = await context.getText(pageUrl, { accept: 'text/html' });
  const links = linksIn(page.text, page.url);
  const fileName = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  const found =
    links.find((url) => fileName(url) === name) ??
    (fallback ? links.find((url) => fallback.test(fileName(url))) : undefined);
  if (!found) throw new Error(`${pageUrl} links no ${name}`);
  return found;
}

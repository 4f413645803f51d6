import type { DiscoveryContext } from '../../discovery.js';
import { linksIn } from '../../formats/html-links.js';

/**
 * The ONS website's publishing surface ("zebedee"): every page has a JSON twin at `<page>/data`,
 * also served by `https://api.beta.ons.gov.uk/v1/data?uri=<page>`. Shapes are those of the 24
 * responses recorded in `../shared/upstream/_publishers/ons/` (landing pages, editions with
 * `downloads[]` and `versions[]`, ad hocs); the methodology pages' `/data` is not recorded, so
 * their links are also read from the page's HTML.
 */

export const ONS_SITE = 'https://www.ons.gov.uk';
const ONS_API = 'https://api.beta.ons.gov.uk/v1';

/** The one read the ONS surface needs of a discovery's context (bounded, conditional, with our User-Agent). */
export type PageReader = Pick<DiscoveryContext, 'getText'>;

/** One earlier version of an edition (`versions[]`): ONS lists each update, and a correction says so. */
export interface OnsVersion {
  uri: string;
  updateDate: string;
  correctionNotice: string;
}

/** An edition of an ONS dataset, as its `/data` describes it. */
export interface OnsEdition {
  /** The edition's page, e.g. `/…/occupation4digitsoc2010ashetable14/2025provisional`. */
  uri: string;
  /** The last segment of `uri` (`2025provisional`). */
  slug: string;
  /** The edition's name as ONS shows it (`2025 provisional`). */
  edition: string;
  files: string[];
  versions: OnsVersion[];
  releaseDate: string | null;
}

interface OnsAdhoc {
  uri: string;
  title: string;
  reference: string | null;
  releaseDate: string | null;
  downloads: { title: string; file: string }[];
}

/** A file linked from a page: its address and its name. */
interface OnsFileLink {
  url: string;
  file: string;
}

/** Where ONS serves a file of a page: `downloads[].file` is a bare name below the page's uri. */
export function onsFileUrl(uri: string, file: string): string {
  return `${ONS_SITE}/file?uri=${uri}/${file}`;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A page path as ONS writes it: absolute, no host, no trailing slash. */
function pagePath(uri: string): string {
  const path = uri.startsWith(ONS_SITE) ? uri.slice(ONS_SITE.length) : uri;
  if (!path.startsWith('/')) throw new Error(`${uri} is not an ONS page path`);
  return path.replace(/\/+$/, '');
}

/**
 * A page's JSON: `<page>/data` on the website, else the same document from the API host. The
 * landing `/data` was once served as text/plain, so the body is parsed whatever its type says.
 */
export async function onsData(reader: PageReader, uri: string): Promise<Json> {
  const path = pagePath(uri);
  const addresses = [`${ONS_SITE}${path}/data`, `${ONS_API}/data?uri=${encodeURIComponent(path)}`];
  const errors: string[] = [];
  for (const url of addresses) {
    try {
      const { text } = await reader.getText(url, { accept: 'application/json' });
      const body: unknown = JSON.parse(text);
      if (!isObject(body)) throw new Error('the body is not a JSON object');
      return body;
    } catch (error) {
      errors.push(`${url}: ${(error as Error).message}`);
    }
  }
  throw new Error(`ONS page ${path} could not be read: ${errors.join('; ')}`);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function arrayOf(body: Json, key: string, what: string): Json[] {
  const value = body[key];
  if (!Array.isArray(value)) throw new Error(`${what} has no ${key}[] (keys: ${Object.keys(body).join(', ')})`);
  return value.filter(isObject);
}

function refuseType(body: Json, expected: string, what: string): void {
  if (body.type !== undefined && body.type !== expected)
    throw new Error(`${what} is a ${JSON.stringify(body.type)} page, not a ${expected}`);
}

/** A dataset's landing: its title as ONS names the dataset (null if it gives none) and its editions' uris. */
interface OnsLanding {
  title: string | null;
  /** In page order, which is not date order. */
  editionUris: string[];
}

async function onsLanding(reader: PageReader, datasetPath: string): Promise<OnsLanding> {
  const landing = await onsData(reader, datasetPath);
  refuseType(landing, 'dataset_landing_page', datasetPath);
  const description = isObject(landing.description) ? landing.description : {};
  return {
    title: text(description.title),
    editionUris: arrayOf(landing, 'datasets', datasetPath)
      .map((d) => text(d.uri))
      .filter((uri): uri is string => uri !== null),
  };
}

/** The edition uris a dataset's landing lists, in page order (which is not date order). */
export async function onsDatasetEditionUris(reader: PageReader, datasetPath: string): Promise<string[]> {
  return (await onsLanding(reader, datasetPath)).editionUris;
}

/** One edition's `/data`: its files, its earlier versions (with any correction notice) and its dates. */
export async function onsEdition(reader: PageReader, uri: string): Promise<OnsEdition> {
  const body = await onsData(reader, uri);
  refuseType(body, 'dataset', uri);
  const description = isObject(body.description) ? body.description : {};
  const own = text(body.uri) ?? pagePath(uri);
  return {
    uri: own,
    slug: own.split('/').pop()!,
    edition: text(description.edition) ?? own.split('/').pop()!,
    files: arrayOf(body, 'downloads', uri)
      .map((d) => text(d.file))
      .filter((f): f is string => f !== null),
    versions: (Array.isArray(body.versions) ? body.versions.filter(isObject) : []).map((v) => ({
      uri: text(v.uri) ?? '',
      updateDate: text(v.updateDate) ?? '',
      correctionNotice: text(v.correctionNotice) ?? '',
    })),
    releaseDate: text(description.releaseDate),
  };
}

/**
 * The editions of a dataset whose slug `pick` accepts, each read from its own `/data`, and the
 * dataset's title from its landing (an edition's `/data` has none: its `description` holds only
 * `edition`, `releaseDate` and `versionLabel`). An edition that cannot be read is left out and
 * named in `failures`, so one bad page never hides the others.
 */
export async function onsDatasetEditions(
  reader: PageReader,
  datasetPath: string,
  pick: (slug: string) => boolean,
): Promise<{ title: string | null; editions: OnsEdition[]; failures: string[] }> {
  const landing = await onsLanding(reader, datasetPath);
  const uris = landing.editionUris.filter((uri) => pick(uri.split('/').pop() ?? ''));
  const editions: OnsEdition[] = [];
  const failures: string[] = [];
  for (const uri of uris) {
    try {
      editions.push(await onsEdition(reader, uri));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  return { title: landing.title, editions, failures };
}

/** When an edition last changed: its newest version's update, else its release. */
export function lastUpdated(edition: OnsEdition): string | null {
  const dates = edition.versions.map((v) => v.updateDate).filter((d) => d !== '');
  return dates.length > 0 ? dates.sort().at(-1)! : edition.releaseDate;
}

/** The newest correction notice of an edition, if its latest update was a correction. */
export function latestCorrection(edition: OnsEdition): OnsVersion | null {
  const latest = [...edition.versions].sort((a, b) => a.updateDate.localeCompare(b.updateDate)).at(-1);
  return latest && latest.correctionNotice !== '' ? latest : null;
}

/** An ad hoc's `/data` (type `static_adhoc`): its title, reference, release date and files. */
export async function onsAdhoc(reader: PageReader, uri: string): Promise<OnsAdhoc> {
  const body = await onsData(reader, uri);
  refuseType(body, 'static_adhoc', uri);
  const description = isObject(body.description) ? body.description : {};
  const own = text(body.uri) ?? pagePath(uri);
  return {
    uri: own,
    title: text(description.title) ?? own.split('/').pop()!,
    reference: text(description.reference),
    releaseDate: text(description.releaseDate),
    downloads: arrayOf(body, 'downloads', uri).flatMap((d) => {
      const file = text(d.file);
      return file ? [{ title: text(d.title) ?? file, file }] : [];
    }),
  };
}

/**
 * The files of a methodology page whose name matches `name`: from the page's `/data`
 * (`downloads[].file`, unverified for these pages) and, whatever that gives, from the page's
 * HTML links (`href="/file?uri=…"`, as third-party clients read them). Both are unioned so a
 * page whose JSON lags its HTML still shows every file.
 */
export async function onsPageFiles(reader: PageReader, pageUri: string, name: RegExp): Promise<OnsFileLink[]> {
  const path = pagePath(pageUri);
  const found = new Map<string, OnsFileLink>();
  const errors: string[] = [];
  try {
    const body = await onsData(reader, path);
    const downloads = Array.isArray(body.downloads) ? body.downloads.filter(isObject) : [];
    for (const d of downloads) {
      const file = text(d.file);
      if (file && name.test(file)) found.set(file, { file, url: onsFileUrl(text(body.uri) ?? path, file) });
    }
  } catch (error) {
    errors.push((error as Error).message);
  }
  try {
    const page = await reader.getText(`${ONS_SITE}${path}`, { accept: 'text/html' });
    for (const url of linksIn(page.text, page.url)) {
      const file = fileOfLink(url);
      if (file && name.test(file) && !found.has(file)) found.set(file, { file, url });
    }
  } catch (error) {
    errors.push(`${ONS_SITE}${path}: ${(error as Error).message}`);
  }
  // Either document answering is enough; neither answering is not "no files".
  if (found.size === 0 && errors.length === 2) throw new Error(errors.join('; '));
  return [...found.values()];
}

/** The file name an ONS link names: the last segment of `/file?uri=…`, or of the path. */
function fileOfLink(url: string): string | null {
  const parsed = new URL(url);
  if (parsed.hostname !== new URL(ONS_SITE).hostname) return null;
  const target = parsed.pathname === '/file' ? (parsed.searchParams.get('uri') ?? '') : parsed.pathname;
  return target.split('/').pop() || null;
}

import type { DiscoveryContext } from '../../discovery.js';

/**
 * Explore Education Statistics' content API, where DfE publishes the Employer Skills Survey and
 * Skills England its occupations in demand. No response is recorded: the shapes are the API's own
 * DTOs (`PublicationDto`, the release's `version-summary` and `data-content`; `_publishers/
 * MANIFEST.md` §2c). `/publications/{slug}/releases/latest` was removed on 2026-05-07, so the
 * chain is publication -> `latestRelease.slug` -> that release's documents -> file.
 */

const EES_API = 'https://content.explore-education-statistics.service.gov.uk/api';
export const EES_SITE = 'https://explore-education-statistics.service.gov.uk';

interface EesReleaseSummary {
  /** The publication's title. */
  publication: string;
  publicationSlug: string;
  /** The release's slug (`2022`, `2024-25`) and title as the publication's `latestRelease` gives them. */
  slug: string;
  title: string;
  /** The release page a reader opens. */
  pageUrl: string;
}

interface EesVersionSummary {
  releaseVersionId: string;
  title: string;
  label: string | null;
  /** When this version of the release was published (ISO date-time); null when not given. */
  published: string | null;
}

interface EesDataSet {
  fileId: string;
  title: string;
  summary: string | null;
  /** `meta.timePeriodRange`: the first and last period the file covers, as labelled. */
  timePeriods: { start: string; end: string } | null;
}

interface EesDataContent {
  releaseVersionId: string;
  dataSets: EesDataSet[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function required(document: Json, field: string, url: string): string {
  const value = str(document[field]);
  if (value === null) throw new Error(`${url}: no ${field} (keys: ${Object.keys(document).join(', ')})`);
  return value;
}

async function document(context: DiscoveryContext, url: string): Promise<Json> {
  const body = await context.getJson<unknown>(url, { accept: 'application/json' });
  if (!isObject(body)) throw new Error(`${url}: the body is not a JSON object`);
  return body;
}

/** The publication's latest release, as its `PublicationDto.latestRelease` names it. */
export async function eesLatestRelease(context: DiscoveryContext, publicationSlug: string): Promise<EesReleaseSummary> {
  const url = `${EES_API}/publications/${publicationSlug}`;
  const publication = await document(context, url);
  const latest = publication.latestRelease;
  if (!isObject(latest)) throw new Error(`${url}: the publication names no latestRelease`);
  const slug = required(latest, 'slug', url);
  return {
    publication: required(publication, 'title', url),
    publicationSlug,
    slug,
    title: required(latest, 'title', url),
    pageUrl: `${EES_SITE}/find-statistics/${publicationSlug}/${slug}`,
  };
}

/** The release's current version: its id, title and publication date. */
export async function eesVersionSummary(
  context: DiscoveryContext,
  release: EesReleaseSummary,
): Promise<EesVersionSummary> {
  const url = `${EES_API}/publications/${release.publicationSlug}/releases/${release.slug}/version-summary`;
  const summary = await document(context, url);
  return {
    releaseVersionId: required(summary, 'id', url),
    title: str(summary.title) ?? release.title,
    label: str(summary.label),
    published: str(summary.published),
  };
}

/** The release's data sets (tidy-data CSV files) and the version that holds them. */
export async function eesDataContent(context: DiscoveryContext, release: EesReleaseSummary): Promise<EesDataContent> {
  const url = `${EES_API}/publications/${release.publicationSlug}/releases/${release.slug}/data-content`;
  const content = await document(context, url);
  const dataSets = (Array.isArray(content.dataSets) ? content.dataSets.filter(isObject) : []).flatMap((d) => {
    const fileId = str(d.fileId);
    const title = str(d.title);
    if (!fileId || !title) return [];
    const range = isObject(d.meta) && isObject(d.meta.timePeriodRange) ? d.meta.timePeriodRange : null;
    const start = range ? str(range.start) : null;
    const end = range ? str(range.end) : null;
    return [{ fileId, title, summary: str(d.summary), timePeriods: start && end ? { start, end } : null }];
  });
  return { releaseVersionId: required(content, 'releaseVersionId', url), dataSets };
}

/** One data file of a release version. */
export function eesFileUrl(releaseVersionId: string, fileId: string): string {
  return `${EES_API}/releases/${releaseVersionId}/files/${fileId}`;
}

/**
 * Every file of a release version in one zip (the release page's "Download all data"): data CSVs
 * under `data/`, supporting files and the data guidance.
 */
export function eesReleaseFilesUrl(releaseVersionId: string): string {
  return `${EES_API}/releases/${releaseVersionId}/files`;
}

import type { DiscoveryContext } from '../../discovery.js';

/**
 * GOV.UK's Content API (`https://www.gov.uk/api/content/<path>`), where DfE and the Home Office
 * publish their files as a page's `details.attachments[]`. No response is recorded: the shape is
 * the publishing-api content schemas' (`publication`, `statistical_data_set`; `_publishers/
 * MANIFEST.md` §2b), and a moved page answers `schema_name: "redirect"` with `redirects[0].destination`.
 */

export const GOVUK = 'https://www.gov.uk';

export interface GovukAttachment {
  url: string;
  /** `filename`, else the address's last segment. */
  filename: string;
  title: string;
  contentType: string | null;
  fileSize: number | null;
}

interface GovukPage {
  basePath: string;
  title: string;
  publicUpdatedAt: string | null;
  attachments: GovukAttachment[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const MAX_REDIRECTS = 3;

/** A page's content item, following its redirects; refuses a body that is not a content item. */
export async function govukPage(context: DiscoveryContext, basePath: string): Promise<GovukPage> {
  let path = basePath;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const url = `${GOVUK}/api/content${path}`;
    const item = await context.getJson<unknown>(url, { accept: 'application/json' });
    if (!isObject(item)) throw new Error(`${url}: the body is not a content item`);
    if (item.schema_name === 'redirect') {
      const redirect =
        Array.isArray(item.redirects) && isObject(item.redirects[0]) ? str(item.redirects[0].destination) : null;
      if (!redirect?.startsWith('/')) throw new Error(`${url} is a redirect with no destination path`);
      path = redirect.split('#')[0]!;
      continue;
    }
    const details = isObject(item.details) ? item.details : null;
    if (!details || typeof item.base_path !== 'string')
      throw new Error(`${url} is not a content item (keys: ${Object.keys(item).join(', ')})`);
    return {
      basePath: item.base_path,
      title: str(item.title) ?? item.base_path,
      publicUpdatedAt: str(item.public_updated_at),
      attachments: (Array.isArray(details.attachments) ? details.attachments.filter(isObject) : []).flatMap(attachment),
    };
  }
  throw new Error(`${GOVUK}${basePath} redirects more than ${MAX_REDIRECTS} times`);
}

function attachment(a: Json): GovukAttachment[] {
  const url = str(a.url);
  // HTML and external attachments are pages, not files.
  if (!url || (a.attachment_type !== undefined && a.attachment_type !== 'file')) return [];
  const absolute = new URL(url, GOVUK).href;
  const filename = str(a.filename) ?? decodeURIComponent(new URL(absolute).pathname.split('/').pop() ?? '');
  return [
    {
      url: absolute,
      filename,
      title: str(a.title) ?? filename,
      contentType: str(a.content_type),
      fileSize: typeof a.file_size === 'number' ? a.file_size : null,
    },
  ];
}

import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import { EXPLORE, page } from './page.js';

/** Where a browser downloads a bulk file without a key: the API's path under the explorer's own. */
export const EXPLORE_DOWNLOADS = `${EXPLORE}/downloads`;
const inExplorer = (apiPath: string) => apiPath.replace(/^.*?\/v1\/bulk\//, `${EXPLORE_DOWNLOADS}/`);

/** What can be downloaded whole: each source with bulk files, its editions and their files, and the change feed. */
export async function downloadsPage(services: Services): Promise<SafeHtml> {
  const { sources } = await services.bulk.list();
  const offered = sources.filter((s) => s.available && s.editions.length > 0);
  const withheld = sources.filter((s) => !s.available);
  const rows = offered.flatMap((s) =>
    s.editions.map(
      (e) =>
        html`<tr><td>${s.name} <span class="muted">(${s.source})</span></td><td>${e.label}</td><td>${e.status}</td><td>${e.rows === null ? 'counted once generated' : e.rows.toLocaleString('en-GB')}</td><td><a href="${inExplorer(e.csv)}">CSV</a> · <a href="${inExplorer(e.jsonl)}">JSON Lines</a> · <a href="${inExplorer(e.parquet)}">Parquet</a></td></tr>`,
    ),
  );
  return page(
    'Downloads',
    html`<h1>Downloads</h1>
<p>Every row the service shows from a release, in one file: CSV (opens in a spreadsheet), JSON Lines or Parquet (typed columns, for DuckDB, pandas, polars and R), with the same field names and null rules as the JSON API. The links here need no key. A program should use the API's own <code>GET /v1/bulk/{source}/{edition}.csv</code> with its key, kept on a server; <code>latest</code> in place of the edition id is the current release. See <a href="/docs">the API reference</a> (Bulk downloads).</p>
<div class="table-scroll"><table class="downloads"><thead><tr><th scope="col">Source</th><th scope="col">Release</th><th scope="col">Status</th><th scope="col">Rows</th><th scope="col">Files</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="muted">No bulk files for: ${withheld.map((s) => s.source).join(', ')} (each one's reason is its <code>note</code> in <code>GET /v1/bulk</code>).</p>
<h2>What changed</h2>
<p>Every release published or held back, newest first, with what changed: <a href="/v1/meta/changes">JSON Feed</a> · <a href="/v1/meta/changes.atom">Atom</a> (no key needed).</p>`,
  );
}

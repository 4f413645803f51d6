import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import { page } from './page.js';

/** What can be downloaded whole: each source with bulk files, its editions and their files, and the change feed. */
export async function downloadsPage(services: Services): Promise<SafeHtml> {
  const { sources } = await services.bulk.list();
  const offered = sources.filter((s) => s.available && s.editions.length > 0);
  const withheld = sources.filter((s) => !s.available);
  const rows = offered.flatMap((s) =>
    s.editions.map(
      (e) =>
        html`<tr><td>${s.name} <span class="muted">(${s.source})</span></td><td>${e.label}</td><td>${e.status}</td><td>${e.rows === null ? 'counted once generated' : e.rows.toLocaleString('en-GB')}</td><td><a href="${e.csv}">CSV</a> · <a href="${e.jsonl}">JSON Lines</a></td></tr>`,
    ),
  );
  return page(
    'Downloads',
    html`<h1>Downloads</h1>
<p>Every row the API serves from a release, in one file: CSV or JSON Lines, with the same field names and null rules as the JSON responses. The files need an API key in the <code>X-API-Key</code> header (a browser link alone gets a 401); <code>latest</code> in place of the edition id is the current release. See <a href="/docs">the API reference</a> (Bulk downloads).</p>
<table class="downloads"><thead><tr><th scope="col">Source</th><th scope="col">Release</th><th scope="col">Status</th><th scope="col">Rows</th><th scope="col">Files</th></tr></thead><tbody>${rows}</tbody></table>
<p class="muted">No bulk files for: ${withheld.map((s) => s.source).join(', ')} (each one's reason is its <code>note</code> in <code>GET /v1/bulk</code>).</p>
<h2>What changed</h2>
<p>Every release published or held back, newest first, with what changed: <a href="/v1/meta/changes">JSON Feed</a> · <a href="/v1/meta/changes.atom">Atom</a> (no key needed).</p>`,
  );
}

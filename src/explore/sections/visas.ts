import type { VisaResponse, VisaShare } from '../../schemas/visas.js';
import { count, percent } from '../format.js';
import { html } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

function sharesTable(caption: string, id: string, shares: readonly VisaShare[]) {
  if (shares.length === 0) return null;
  return html`<table class="figures visa-shares" id="${id}"><caption>${caption}</caption><thead><tr><th scope="col">Name</th><th scope="col">Grants</th><th scope="col">Share</th></tr></thead>
<tbody>${shares.map((s) => html`<tr><th scope="row">${s.name}</th><td>${count(s.grants)}</td><td>${percent(s.percent)}</td></tr>`)}</tbody></table>`;
}

/** Sponsored work visas (Home Office): the latest four quarters, the rank by grants, the breakdowns and every quarter since 2024 Q4. */
export const visasSection = section({
  id: 'visas',
  heading: 'Sponsored work visas',
  api: ['/v1/occupations/{soc}/visas'],
  load: (services, soc) => services.visas.occupation(soc),
  render(v: VisaResponse, { catalog }) {
    const year = v.latestYear;
    return html`<p class="visa-year">${year.from} to ${year.to}: <span class="figure" id="visa-grants">${count(year.grants)}</span> grants of <span class="figure">${count(year.applications)}</span> applications${year.rank === null ? html`; no grant, so no rank` : html`, ranked <span class="figure" id="visa-rank">${count(year.rank)}</span> of ${count(year.occupationsRanked)} occupations by grants`}.</p>
<table class="figures" id="visa-quarters"><thead><tr><th scope="col">Quarter</th><th scope="col">Applications</th><th scope="col">Grants</th></tr></thead>
<tbody>${v.quarters.map((q) => html`<tr><th scope="row">${q.period}${q.provisional ? ' (provisional)' : ''}</th><td>${count(q.applications)}</td><td>${count(q.grants)}</td></tr>`)}</tbody></table>
${sharesTable('Routes', 'visa-routes', year.routes)}
${sharesTable('Nationalities (ten largest)', 'visa-nationalities', year.nationalities)}
${sharesTable('Industries, as sponsors assign themselves (five largest)', 'visa-industries', year.industries)}
${sourceNote(v.provenance, catalog, { coverage: v.coverage })}`;
  },
});

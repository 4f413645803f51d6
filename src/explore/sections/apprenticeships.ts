import type { SourceCatalog } from '../../domain/sources.js';
import type { ApprenticeshipOccupation, ApprenticeshipsResponse } from '../../schemas/apprenticeships.js';
import { externalLink, html, type SafeHtml } from '../../html.js';
import { sourceNote } from '../source-note.js';

/** Standards shown in full on the page; the rest are counted. */
const STANDARDS_SHOWN = 6;

function standard(o: ApprenticeshipOccupation): SafeHtml {
  const products = o.products.map(
    (p) =>
      html`<li>${p.name} <span class="muted">(${p.type.replace(/_/g, ' ')}${p.level !== null ? `, level ${p.level}` : ''}${p.status ? `, ${p.status}` : ''})</span></li>`,
  );
  return html`<li>${externalLink(o.url, `${o.code} ${o.name}`)} <span class="muted">(${o.match} match${o.level !== null ? `, level ${o.level}` : ''}, ${o.status}; ${o.route})</span>${products.length > 0 ? html`<ul>${products}</ul>` : null}</li>`;
}

/** The apprenticeship standards related to the occupation, shown under how to become. */
export function apprenticeships(a: ApprenticeshipsResponse, catalog: SourceCatalog): SafeHtml {
  return html`<h3>Apprenticeships and technical qualifications</h3>
${a.apprenticeshipsAvailable !== null ? html`<p class="headline">Approved apprenticeships: <strong>${a.apprenticeshipsAvailable}</strong>${a.lowestApprenticeshipLevel !== null ? `, from level ${a.lowestApprenticeshipLevel}` : ''}; T Levels: <strong>${a.tLevels ?? 'not known'}</strong>.</p>` : html`<p class="muted">How many apprenticeships and T Levels lead here is not known: no publisher maps them to this occupation, so the standards below are related, not counted.</p>`}
${a.occupations.length > 0 ? html`<ul class="standards">${a.occupations.slice(0, STANDARDS_SHOWN).map(standard)}</ul>` : html`<p>No occupational standard is related to this occupation.</p>`}
${a.occupations.length > STANDARDS_SHOWN ? html`<p class="muted">${a.occupations.length - STANDARDS_SHOWN} more in the API.</p>` : null}
<p class="muted">${a.coverage.note}</p>
${sourceNote(a.provenance, catalog, { attribution: a.attribution })}`;
}

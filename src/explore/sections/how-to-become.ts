import { Problem } from '../../domain/problems.js';
import type { SourceCatalog } from '../../domain/sources.js';
import type { HowToBecomeResponse } from '../../schemas/how-to-become.js';
import { externalLink, html, type SafeHtml } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { apprenticeships } from './apprenticeships.js';
import { orProblem, section, unavailable } from './section.js';

/** Profiles shown in full on the page; the rest are listed by name. */
const PROFILES_SHOWN = 2;

function howToBecome(h: HowToBecomeResponse, catalog: SourceCatalog): SafeHtml {
  if (h.profiles.length === 0)
    return html`<p>No National Careers Service profile is placed on this occupation. ${h.coverage.note}</p>${sourceNote(h.provenance, catalog, { attribution: h.attribution })}`;
  const profiles = h.profiles.slice(0, PROFILES_SHOWN).map(
    (
      p,
    ) => html`<article class="profile"><h4>${externalLink(p.url, p.title)} <span class="muted">(matched by ${p.match ?? p.placedBy})</span></h4>
${p.summary ? html`<p>${p.summary}</p>` : null}
${p.routesIntro ? html`<p>${p.routesIntro}</p>` : null}
<details><summary>Routes in${p.routesListed.length > 0 ? `: ${p.routesListed.join(', ')}` : ''}; requirements</summary>
${p.routes.map(
  (r) =>
    html`<h5>${r.heading}</h5>${r.blocks.map(
      (b) =>
        html`${b.heading ? html`<h6>${b.heading}</h6>` : null}${b.parts.map((part) => html`${part.text ? html`<p>${part.text}</p>` : null}${part.items ? html`<ul>${part.items.map((i) => html`<li>${i}</li>`)}</ul>` : null}`)}`,
    )}`,
)}
${p.requirements.length > 0 ? html`<h5>Requirements</h5><ul>${p.requirements.map((r) => html`<li>${r}</li>`)}</ul>` : null}
</details>
<p class="muted">${p.contentNote}</p>
${sourceNote(p.provenance, catalog)}</article>`,
  );
  const others = h.profiles.slice(PROFILES_SHOWN).map((p) => html`<li>${externalLink(p.url, p.title)}</li>`);
  return html`<h3>How to become one</h3>${profiles}${others.length > 0 ? html`<p>Other profiles:</p><ul>${others}</ul>` : null}
<p class="muted">${h.coverage.note}</p>
${sourceNote(h.provenance, catalog, { attribution: h.attribution })}`;
}

/**
 * Routes in: the National Careers Service's how-to-become profiles, followed by the apprenticeship
 * standards related to the occupation (rendered by `./apprenticeships.ts`), in one part of the page.
 */
export const howToBecomeSection = section({
  id: 'routes-in',
  heading: 'Routes in',
  api: ['/v1/occupations/{soc}/how-to-become', '/v1/occupations/{soc}/apprenticeships'],
  async load(services, soc) {
    const [profiles, standards] = await Promise.all([
      orProblem(services.howToBecome.howToBecome(soc)),
      orProblem(services.apprenticeships.apprenticeships(soc, { includeInactive: false })),
    ]);
    return { profiles, standards };
  },
  render({ profiles, standards }, { catalog }) {
    return html`${profiles instanceof Problem ? unavailable(profiles) : howToBecome(profiles, catalog)}
${standards instanceof Problem ? unavailable(standards) : apprenticeships(standards, catalog)}`;
  },
});

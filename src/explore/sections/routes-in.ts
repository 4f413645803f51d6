import { Problem } from '../../domain/problems.js';
import type { SourceCatalog } from '../../domain/sources.js';
import type {
  ApprenticeshipOccupation,
  ApprenticeshipsResponse,
  HowToBecomeResponse,
} from '../../schemas/routes-in.js';
import { externalLink, html, type SafeHtml } from '../html.js';
import { sourceNote } from '../source-note.js';
import { orProblem, section, unavailable } from './section.js';

/** Profiles and standards shown in full on the page; the rest are listed by name. */
const PROFILES_SHOWN = 2;
const STANDARDS_SHOWN = 6;

function howToBecome(h: HowToBecomeResponse, catalog: SourceCatalog): SafeHtml {
  if (h.profiles.length === 0)
    return html`<p>No National Careers Service profile is placed on this occupation. ${h.coverage.note}</p>
      ${sourceNote(h.provenance, catalog, { attribution: h.attribution })}`;
  const profiles = h.profiles.slice(0, PROFILES_SHOWN).map(
    (p) =>
      html`<article class="profile">
        <h4>${externalLink(p.url, p.title)} <span class="muted">(matched by ${p.match})</span></h4>
        ${p.summary ? html`<p>${p.summary}</p>` : null} ${p.routesIntro ? html`<p>${p.routesIntro}</p>` : null}
        <details>
          <summary>Routes in${p.routesListed.length > 0 ? `: ${p.routesListed.join(', ')}` : ''}; requirements</summary>
          ${p.routes.map(
            (r) =>
              html`<h5>${r.heading}</h5>
                ${r.blocks.map(
                  (b) =>
                    html`${b.heading ? html`<h6>${b.heading}</h6>` : null}${b.parts.map(
                      (part) =>
                        html`${part.text ? html`<p>${part.text}</p>` : null}${
                          part.items
                            ? html`<ul>
                                ${part.items.map((i) => html`<li>${i}</li>`)}
                              </ul>`
                            : null
                        }`,
                    )}`,
                )}`,
          )}
          ${
            p.requirements.length > 0
              ? html`<h5>Requirements</h5>
                  <ul>
                    ${p.requirements.map((r) => html`<li>${r}</li>`)}
                  </ul>`
              : null
          }
        </details>
        <p class="muted">${p.contentNote}</p>
        ${sourceNote(p.provenance, catalog)}
      </article>`,
  );
  const others = h.profiles.slice(PROFILES_SHOWN).map((p) => html`<li>${externalLink(p.url, p.title)}</li>`);
  return html`<h3>How to become one</h3>
    ${profiles}${
      others.length > 0
        ? html`<p>Other profiles:</p>
            <ul>
              ${others}
            </ul>`
        : null
    }
    <p class="muted">${h.coverage.note}</p>
    ${sourceNote(h.provenance, catalog, { attribution: h.attribution })}`;
}

function standard(o: ApprenticeshipOccupation): SafeHtml {
  const products = o.products.map(
    (p) =>
      html`<li>
        ${p.name}
        <span class="muted"
          >(${p.type.replace(/_/g, ' ')}${p.level !== null ? `, level ${p.level}` : ''}${p.status ? `, ${p.status}` : ''})</span
        >
      </li>`,
  );
  return html`<li>
    ${externalLink(o.url, `${o.code} ${o.name}`)}
    <span class="muted">(${o.match} match${o.level !== null ? `, level ${o.level}` : ''}, ${o.status}; ${o.route})</span
    >${
      products.length > 0
        ? html`<ul>
            ${products}
          </ul>`
        : null
    }
  </li>`;
}

function apprenticeships(a: ApprenticeshipsResponse, catalog: SourceCatalog): SafeHtml {
  return html`<h3>Apprenticeships and technical qualifications</h3>
    ${a.apprenticeshipsAvailable !== null ? html`<p class="headline">Approved apprenticeships: <strong>${a.apprenticeshipsAvailable}</strong>${a.lowestApprenticeshipLevel !== null ? `, from level ${a.lowestApprenticeshipLevel}` : ''}; T Levels: <strong>${a.tLevels ?? 'not known'}</strong>.</p>` : html`<p class="muted">How many apprenticeships and T Levels lead here is not known: no publisher maps them to this occupation, so the standards below are related, not counted.</p>`}
    ${
      a.occupations.length > 0
        ? html`<ul class="standards">
            ${a.occupations.slice(0, STANDARDS_SHOWN).map(standard)}
          </ul>`
        : html`<p>No occupational standard is related to this occupation.</p>`
    }
    ${a.occupations.length > STANDARDS_SHOWN ? html`<p class="muted">${a.occupations.length - STANDARDS_SHOWN} more in the API.</p>` : null}
    <p class="muted">${a.coverage.note}</p>
    ${sourceNote(a.provenance, catalog, { attribution: a.attribution })}`;
}

/** Routes in: the National Careers Service's how-to-become profiles and the apprenticeship standards related to the occupation. */
export const routesInSection = section({
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

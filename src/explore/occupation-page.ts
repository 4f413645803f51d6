import { Problem } from '../domain/problems.js';
import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import { EXPLORE, page } from './page.js';
import { SECTIONS } from './sections/index.js';
import { orProblem, unavailable, type Section } from './sections/section.js';
import { sourceNote } from './source-note.js';

/** A section's markup, or in its place what the API would have said: the source has no release, or there is no figure. */
async function renderSection(services: Services, soc: string, part: Section<unknown>): Promise<SafeHtml> {
  const data = await orProblem(part.load(services, soc));
  const body = data instanceof Problem ? unavailable(data) : part.render(data, { catalog: services.sources });
  const api = part.api.map((path) => html`<code>GET ${path.replace('{soc}', soc)}</code>`);
  return html`<section id="${part.id}" aria-labelledby="${part.id}-heading"><h2 id="${part.id}-heading">${part.heading}</h2>${body}<p class="api">In the API (with a key): ${api}</p></section>`;
}

/** An occupation: what it is, then every section; a 404 problem when there is no such unit group. */
export async function occupationPage(services: Services, soc: string): Promise<SafeHtml> {
  const profile = await services.occupations.profile(soc);
  const sections = await Promise.all(SECTIONS.map((part) => renderSection(services, soc, part)));
  const about = profile.about;
  const hierarchy = [
    [profile.majorGroup, profile.majorTitle],
    [profile.subMajorGroup, profile.subMajorTitle],
    [profile.minorGroup, profile.minorTitle],
  ].filter(([code]) => code !== null);
  return page(
    `${profile.soc2020} ${profile.title}`,
    html`<p class="breadcrumbs"><a href="${EXPLORE}">Search</a> › SOC 2020 ${hierarchy.map(([code, title]) => html`${code} ${title} › `)}${profile.soc2020}</p>
<h1><span class="soc">${profile.soc2020}</span> ${profile.title}</h1>
<nav class="contents" aria-label="Sections"><ul>${SECTIONS.map((part) => html`<li><a href="#${part.id}">${part.heading}</a></li>`)}</ul></nav>
<section id="about" aria-labelledby="about-heading"><h2 id="about-heading">About</h2>
${about ? html`<p>${about.description}</p><p>Job holders:</p><ul class="tasks">${about.tasks.map((t) => html`<li>${t}</li>`)}</ul>` : html`<p class="unavailable">No description: the classification's descriptive volume has not been ingested.</p>`}
<p>Example job titles (${profile.titleCount} in the coding index): ${profile.examples.join('; ')}.</p>
${about ? sourceNote(about.provenance, services.sources) : null}
</section>
${sections}`,
  );
}

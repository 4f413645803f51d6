import { Problem } from '../domain/problems.js';
import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import {
  demandReading,
  employmentReading,
  glanceOf,
  hoursReading,
  outlookReading,
  payReading,
  readingMarkup,
  routesReading,
  vacanciesReading,
  yearsNote,
  type Glance,
} from './glance.js';
import { EXPLORE, page } from './page.js';
import { SECTIONS } from './sections/index.js';
import { orProblem, unavailable, type Section } from './sections/section.js';
import { sourceNote } from './source-note.js';

/** A section's markup, or in its place what the API would have said: the source has no release, or there is no figure. */
async function renderSection(services: Services, soc: string, part: Section<unknown>): Promise<SafeHtml> {
  const data = await orProblem(part.load(services, soc));
  const body = data instanceof Problem ? unavailable(data) : part.render(data, { catalog: services.sources });
  const api = part.api.map((path) => html`<code>GET ${path.replace('{soc}', soc)}</code>`);
  return html`<section id="${part.id}" aria-labelledby="${part.id}-heading"><h2 id="${part.id}-heading">${part.heading}</h2>${body}<details class="for-developers"><summary>For developers: these figures in the API</summary><p class="api">With a key: ${api}</p></details></section>`;
}

/** The readings a reader wants first, in that order; demand only where its release is served. */
function atAGlance(g: Glance): SafeHtml {
  return html`<ul class="glance" aria-label="At a glance">
${readingMarkup('Typical pay', payReading(g.pay))}
${readingMarkup('People doing this job', employmentReading(g.employment))}
${readingMarkup('Outlook', outlookReading(g.outlook))}
${readingMarkup('Routes in', routesReading(g.routes, g.apprenticeships))}
${readingMarkup('Hours', hoursReading(g.hours))}
${readingMarkup('Vacancies', vacanciesReading(g.vacancies))}
${g.demand instanceof Problem ? null : readingMarkup('Demand', demandReading(g.demand))}
</ul>`;
}

/** An occupation: what it is and the readings at a glance, then every section; a 404 problem when there is no such unit group. */
export async function occupationPage(services: Services, soc: string): Promise<SafeHtml> {
  const profile = await services.occupations.profile(soc);
  const [glance, sections] = await Promise.all([
    glanceOf(services, soc),
    Promise.all(SECTIONS.map((part) => renderSection(services, soc, part))),
  ]);
  const about = profile.about;
  const hierarchy = [
    [profile.majorGroup, profile.majorTitle],
    [profile.subMajorGroup, profile.subMajorTitle],
    [profile.minorGroup, profile.minorTitle],
  ].filter(([code]) => code !== null);
  return page(
    `${profile.title}`,
    html`<p class="breadcrumbs"><a href="${EXPLORE}">Home</a> › ${hierarchy.map(([code, title]) => html`${title} <span class="soc">(${code})</span> › `)}${profile.soc2020}</p>
<h1>${profile.title} <span class="soc">SOC ${profile.soc2020}</span></h1>
${about ? html`<p class="lede">${about.description}</p>` : html`<p class="unavailable">No description: the classification's descriptive volume has not been ingested.</p>`}
<p class="muted">Also called: ${profile.examples.join('; ')} (${profile.titleCount} job titles in all).</p>
${atAGlance(glance)}
${yearsNote(glance)}
<p><a class="button" href="${EXPLORE}/compare?codes=${profile.soc2020}">Compare with other jobs</a></p>
<nav class="contents" aria-label="Sections"><ul><li><a href="#about">What the job involves</a></li>${SECTIONS.map((part) => html`<li><a href="#${part.id}">${part.heading}</a></li>`)}</ul></nav>
<section id="about" aria-labelledby="about-heading"><h2 id="about-heading">What the job involves</h2>
${about ? html`<ul class="tasks">${about.tasks.map((t) => html`<li>${t}</li>`)}</ul>` : html`<p class="unavailable">No list of tasks: the classification's descriptive volume has not been ingested.</p>`}
${about ? sourceNote(about.provenance, services.sources) : null}
</section>
${sections}`,
  );
}

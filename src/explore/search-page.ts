import { Problem } from '../domain/problems.js';
import { SEARCH_QUERY_MAX, type OccupationMatch } from '../schemas/occupations.js';
import type { Services } from '../services.js';
import { externalLink, html, type SafeHtml } from '../html.js';
import { count } from './format.js';
import { about } from './glance.js';
import { EXPLORE, page, searchForm } from './page.js';
import { orProblem, unavailable } from './sections/section.js';
import { sourceNote } from './source-note.js';

/** How many answers the search is asked for: the page cuts them to the credible ones. */
const MATCHES_ASKED = 20;
/**
 * The search's confidence of a fuzzy match is calibrated (of answers given 0.7, about 7 in 10 are
 * right): from 0.5 an answer is more likely right than wrong, so it is listed; below, down to
 * NEAR_MISS, it is only offered as "did you mean". Exact matches (the coding index's own title) are
 * always listed.
 */
const CREDIBLE = 0.5;
const NEAR_MISS = 0.15;
const NEAR_MISSES_SHOWN = 3;
const FRONT_PAGE_LIST = 8;

export function credibleMatches(matches: readonly OccupationMatch[]): {
  credible: OccupationMatch[];
  nearMisses: OccupationMatch[];
} {
  const credible = matches.filter((m) => m.matchType === 'exact' || m.confidence >= CREDIBLE);
  const nearMisses = matches
    .filter((m) => !credible.includes(m) && m.confidence >= NEAR_MISS)
    .filter((m, i, all) => all.findIndex((o) => o.soc2020 === m.soc2020) === i)
    .slice(0, NEAR_MISSES_SHOWN);
  return { credible, nearMisses };
}

function how(m: OccupationMatch): string {
  if (m.matchType === 'fuzzy') return `close to the job title “${m.matchedTitle}”`;
  if (m.titleShare !== null && m.titleShare < 0.95)
    return `job title “${m.matchedTitle}”: about ${Math.max(1, Math.round(m.titleShare * 100))}% of people with this title work in this occupation`;
  return `job title “${m.matchedTitle}”${m.qualifier ? ` (${m.qualifier})` : ''}`;
}

const link = (soc: string, title: string) => html`<a href="${EXPLORE}/occupations/${soc}">${title}</a>`;

async function largestCard(services: Services): Promise<SafeHtml> {
  const largest = await orProblem(services.employment.largest(FRONT_PAGE_LIST));
  if (largest instanceof Problem) return html`<h2>Jobs most people do</h2>${unavailable(largest)}`;
  return html`<h2>Jobs most people do</h2>
<ol>${largest.occupations.map((o) => html`<li>${link(o.soc2020, o.title)} <span class="muted">about ${about(o.count)} people</span></li>`)}</ol>
<p class="muted">People in work in the UK, ${largest.period ?? 'latest period'}: ONS Annual Population Survey, via Nomis.</p>
${sourceNote(largest.provenance, services.sources)}`;
}

async function inDemandCard(services: Services): Promise<SafeHtml> {
  const demand = await orProblem(services.demand.list('critical'));
  if (demand instanceof Problem) return html`<h2>Jobs in demand</h2>${unavailable(demand)}`;
  return html`<h2>Jobs in demand</h2>
<ol>${demand.occupations.slice(0, FRONT_PAGE_LIST).map((o) => html`<li>${link(o.soc2020, o.title)}</li>`)}</ol>
<p class="muted">In critical demand in Skills England's ${demand.year} assessment (${count(demand.occupations.length)} occupations), highest first.</p>
${sourceNote(demand.provenance, services.sources)}`;
}

/** Every publisher the service reads, with its datasets: where the figures come from. */
function publishers(services: Services): SafeHtml {
  const byPublisher = new Map<string, { name: string; url: string }[]>();
  for (const p of services.sources.profiles)
    byPublisher.set(p.publisher, [...(byPublisher.get(p.publisher) ?? []), { name: p.name, url: p.url }]);
  return html`<ul>${[...byPublisher].map(
    ([publisher, sets]) =>
      html`<li><details><summary>${publisher} <span class="muted">(${sets.length} dataset${sets.length === 1 ? '' : 's'})</span></summary><ul>${sets.map((s) => html`<li>${externalLink(s.url, s.name)}</li>`)}</ul></details></li>`,
  )}</ul>`;
}

async function frontPage(services: Services): Promise<SafeHtml> {
  const [largest, inDemand] = await Promise.all([largestCard(services), inDemandCard(services)]);
  return page(
    'Find out about jobs',
    html`<section class="hero" aria-labelledby="intro"><h1 id="intro">Find out about any job in the UK</h1>
<p class="lede">What a job pays, how many people do it, whether it is growing and how to get in: for all 412 occupations in the UK's official classification, from official statistics.</p>
${searchForm('', 'Job title')}
<p><a class="button" href="${EXPLORE}/compare">Compare up to three jobs</a></p></section>
<div class="cards"><section class="card">${largest}</section><section class="card">${inDemand}</section>
<section class="card"><h2>What you can find</h2><ul><li>Pay: the middle and the range</li><li>How many people do the job, and where they work</li><li>The outlook to 2035</li><li>Vacancies and skills employers ask for</li><li>Routes in: courses, apprenticeships, experience</li><li>Where people move on to</li></ul></section></div>
<h2>Where the data comes from</h2>
<p>Every figure is read from an official release, unchanged, and names the release it comes from. Estimates from surveys are rounded in the headlines and shown in full in the tables; a figure too unreliable to show is never given as a number.</p>
${publishers(services)}
<p><a href="${EXPLORE}/downloads">Download whole releases</a> as CSV or JSON Lines · <a href="${EXPLORE}/embed">Put a job comparison on your school's website</a></p>`,
    { search: false },
  );
}

/** The front page (no `q`) or the credible matches of a job title, each linking to its occupation. */
export async function searchPage(
  services: Services,
  q: string | undefined,
): Promise<{ status: number; page: SafeHtml }> {
  const text = (q ?? '').trim();
  if (text === '') return { status: 200, page: await frontPage(services) };
  if (text.length > SEARCH_QUERY_MAX) {
    return {
      status: 400,
      page: page(
        'Search',
        html`<h1>Search</h1><p class="unavailable">A job title is at most ${SEARCH_QUERY_MAX} characters long.</p>`,
        { q: text.slice(0, SEARCH_QUERY_MAX) },
      ),
    };
  }
  const { credible, nearMisses } = credibleMatches(await services.occupations.search(text, MATCHES_ASKED));
  const items = credible.map(
    (m) =>
      html`<li>${link(m.soc2020, m.title)} <span class="soc">SOC ${m.soc2020}</span><br><span class="muted">${how(m)}</span></li>`,
  );
  const didYouMean =
    nearMisses.length > 0
      ? html`<p class="did-you-mean">${credible.length > 0 ? 'Not what you meant? Try' : 'Did you mean'}: ${nearMisses.map((m, i) => html`${i > 0 ? ', ' : ''}${link(m.soc2020, m.matchedTitle)} <span class="muted">(${m.title})</span>`)}?</p>`
      : null;
  return {
    status: 200,
    page: page(
      `“${text}”`,
      html`<h1>Jobs matching “${text}”</h1>${credible.length > 0 ? html`<ol class="matches">${items}</ol>` : html`<p>No occupation has a job title close to “${text}”. Try another word for the job, or a shorter title.</p>`}${didYouMean}`,
      { q: text },
    ),
  };
}

/** A page in place of a problem (no such occupation, bad input), with its status. */
export function problemPage(title: string, detail: string): SafeHtml {
  return page(title, html`<h1>${title}</h1><p class="unavailable">${detail}</p>`);
}

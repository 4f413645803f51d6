import { SEARCH_QUERY_MAX } from '../schemas/occupations.js';
import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import { EXPLORE, page } from './page.js';

const MATCHES_SHOWN = 20;

/** The front page (no `q`) or the matches of a job title, each linking to its occupation. */
export async function searchPage(
  services: Services,
  q: string | undefined,
): Promise<{ status: number; page: SafeHtml }> {
  const text = (q ?? '').trim();
  if (text === '') {
    return {
      status: 200,
      page: page(
        'Explore occupations',
        html`<h1>Explore UK occupations</h1><p>Type a job title to find its occupation among the 412 SOC 2020 unit groups, then see its pay, employment, vacancies, skills and work profile, each with its quality and the release it comes from.</p><p><a href="${EXPLORE}/downloads">Downloads</a>: whole releases as CSV or JSON Lines, and the feed of what changed.</p>`,
      ),
    };
  }
  if (text.length > SEARCH_QUERY_MAX) {
    return {
      status: 400,
      page: page(
        'Search',
        html`<h1>Search</h1><p class="unavailable">A job title is at most ${SEARCH_QUERY_MAX} characters long.</p>`,
        text.slice(0, SEARCH_QUERY_MAX),
      ),
    };
  }
  const matches = await services.occupations.search(text, MATCHES_SHOWN);
  const items = matches.map(
    (m) =>
      html`<li><a href="${EXPLORE}/occupations/${m.soc2020}"><span class="soc">${m.soc2020}</span> ${m.title}</a> <span class="muted">matched “${m.matchedTitle}”${m.qualifier ? ` (${m.qualifier})` : ''}, ${m.matchType}, confidence ${m.confidence}</span></li>`,
  );
  return {
    status: 200,
    page: page(
      `“${text}”`,
      html`<h1>Occupations for “${text}”</h1>${matches.length > 0 ? html`<ol class="matches">${items}</ol>` : html`<p>No occupation matches that title.</p>`}`,
      text,
    ),
  };
}

/** A page in place of a problem (no such occupation, bad input), with its status. */
export function problemPage(title: string, detail: string): SafeHtml {
  return page(title, html`<h1>${title}</h1><p class="unavailable">${detail}</p>`);
}

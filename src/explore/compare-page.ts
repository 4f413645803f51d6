import { PAY_DISTRIBUTION } from '../domain/pay.js';
import { Problem } from '../domain/problems.js';
import type { Provenance } from '../queries/provenance.js';
import type { Services } from '../services.js';
import { html, type SafeHtml } from '../html.js';
import { distributionChart } from './charts.js';
import { inUnit } from './format.js';
import {
  demandReading,
  employmentReading,
  glanceOf,
  hoursReading,
  outlookReading,
  payReading,
  routesReading,
  vacanciesReading,
  type Glance,
  type Reading,
} from './glance.js';
import { EXPLORE, embedPage, page } from './page.js';
import { credibleMatches } from './search-page.js';
import { sourceNote } from './source-note.js';

/** At most three jobs side by side: what fits a phone's width and a school's careers page. */
export const COMPARED_MAX = 3;
export const EMBED = '/embed/compare';

/** What a comparison was asked for: SOC codes (`codes=2237,6135`), or job titles typed into the form (`job=nurse`). */
interface CompareQuery {
  codes?: string;
  job?: string | string[];
}

interface Picked {
  codes: string[];
  /** How each typed title was read, or why it was not. */
  notes: string[];
}

/** The SOC codes of a request: the codes as given, else the first credible match of each typed title. */
async function pick(services: Services, query: CompareQuery): Promise<Picked> {
  if (query.codes !== undefined && query.codes.trim() !== '') {
    const codes = [...new Set(query.codes.split(',').map((c) => c.trim()))].filter(Boolean);
    const bad = codes.find((c) => !/^\d{4}$/.test(c));
    if (bad !== undefined)
      throw new Problem(
        'invalid-parameter',
        `“${bad}” is not a SOC 2020 unit group code: codes are four digits, e.g. 2237,6135.`,
      );
    if (codes.length > COMPARED_MAX)
      throw new Problem(
        'invalid-parameter',
        `At most ${COMPARED_MAX} jobs can be compared; ${codes.length} were given.`,
      );
    return { codes, notes: [] };
  }
  const typed = [query.job ?? []]
    .flat()
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, COMPARED_MAX);
  const codes: string[] = [];
  const notes: string[] = [];
  for (const title of typed) {
    if (/^\d{4}$/.test(title)) {
      codes.push(title);
      continue;
    }
    const [best] = credibleMatches(await services.occupations.search(title.slice(0, 200), 5)).credible;
    if (best) {
      codes.push(best.soc2020);
      notes.push(`“${title}”: ${best.title} (SOC ${best.soc2020})`);
    } else notes.push(`“${title}”: no occupation has a job title close to it`);
  }
  return { codes: [...new Set(codes)], notes };
}

function cell(r: Reading): SafeHtml {
  return html`<td>${r.value === null ? html`<span class="withheld">not shown</span>` : html`<strong>${r.value}</strong>`}<br><span class="muted">${r.caption}</span></td>`;
}

/** The pay distribution of one job, drawn, with its range in words (its text alternative). */
function payCell(g: Glance, i: number): SafeHtml {
  const pay = g.pay;
  const reading = payReading(pay);
  if (pay instanceof Problem || !pay.presentable) return cell(reading);
  const show = (v: number) => inUnit(v, pay.unit);
  const chart = distributionChart(
    `compare-pay-${i}`,
    PAY_DISTRIBUTION.map((name) => ({ name, value: pay.distribution[name] })),
    show,
  );
  const { p10, p90 } = pay.distribution;
  const range =
    p10 !== null && p90 !== null
      ? `Most earn between ${show(p10)} and ${show(p90)} (the 10th to 90th percentile).`
      : null;
  return html`<td><strong>${reading.value}</strong><br><span class="muted">${reading.caption}</span>${range ? html`<br>${range}` : null}${chart}</td>`;
}

/** Each release the comparison shows, once, with its credit. */
function credits(services: Services, glances: Glance[]): SafeHtml {
  const seen = new Map<string, Provenance>();
  for (const g of glances)
    for (const part of [g.pay, g.employment, g.outlook, g.vacancies, g.demand, g.routes, g.apprenticeships, g.hours])
      if (!(part instanceof Problem))
        seen.set(`${part.provenance.source}\n${part.provenance.edition}`, part.provenance);
  return html`<h2>Where these figures come from</h2>${[...seen.values()].map((p) => sourceNote(p, services.sources))}`;
}

function table(glances: Glance[], base: string): SafeHtml {
  const row = (label: string, cells: SafeHtml[]) => html`<tr><th scope="row">${label}</th>${cells}</tr>`;
  return html`<div class="table-scroll"><table class="compare"><caption>${glances.map((g) => g.title).join(', ')}, side by side</caption>
<thead><tr><td></td>${glances.map((g) => html`<th scope="col"><a href="${base}${EXPLORE}/occupations/${g.soc2020}">${g.title}</a> <span class="soc">SOC ${g.soc2020}</span></th>`)}</tr></thead>
<tbody>
${row('Typical pay', glances.map(payCell))}
${row(
  'Hours',
  glances.map((g) => cell(hoursReading(g.hours))),
)}
${row(
  'People doing this job',
  glances.map((g) => cell(employmentReading(g.employment))),
)}
${row(
  'Outlook',
  glances.map((g) => cell(outlookReading(g.outlook))),
)}
${row(
  'Vacancies',
  glances.map((g) => cell(vacanciesReading(g.vacancies))),
)}
${
  glances.some((g) => !(g.demand instanceof Problem))
    ? row(
        'Demand',
        glances.map((g) => cell(demandReading(g.demand))),
      )
    : null
}
${row(
  'Routes in',
  glances.map((g) => cell(routesReading(g.routes, g.apprenticeships))),
)}
</tbody></table></div>`;
}

function pickForm(action: string, picked: string[], target?: string): SafeHtml {
  const slots = Array.from({ length: COMPARED_MAX }, (_, i) => picked[i] ?? '');
  return html`<form class="pick" method="get" action="${action}"${target ? html` target="${target}"` : null}>
${slots.map((value, i) => html`<div><label for="job-${i + 1}">Job ${i + 1}</label><input id="job-${i + 1}" name="job" value="${value}" maxlength="200" placeholder="${['e.g. nurse', 'e.g. electrician', 'e.g. teacher'][i]}"></div>`)}
<div><button type="submit">Compare</button></div></form>`;
}

interface Comparison {
  codes: string[];
  glances: Glance[];
  notes: string[];
}

/** The jobs a request names, read; a 400 problem for a bad code or too many, a 404 naming a code that is no unit group. */
export async function comparisonOf(services: Services, query: CompareQuery): Promise<Comparison> {
  const { codes, notes } = await pick(services, query);
  const glances = await Promise.all(codes.map((soc) => glanceOf(services, soc)));
  return { codes, glances, notes };
}

/** The explorer's comparison page: the form, then the jobs side by side with their credits and the snippet to embed them. */
export function comparePage(services: Services, c: Comparison): SafeHtml {
  const embedUrl = `${services.config.publicUrl}${EMBED}?codes=${c.codes.join(',')}`;
  return page(
    'Compare jobs',
    html`<h1>Compare jobs</h1>
<p class="lede">Pick up to three jobs to see their pay, hours, how many people do them, the outlook and the ways in, side by side. Type a job title or a four-digit SOC code.</p>
${pickForm(
  `${EXPLORE}/compare`,
  c.glances.map((g) => g.title),
)}
${c.notes.length > 0 ? html`<p class="muted">Read as: ${c.notes.join('; ')}.</p>` : null}
${
  c.glances.length > 0
    ? html`${table(c.glances, '')}${credits(services, c.glances)}
<h2>Put this comparison on your website</h2><p>Paste this into your page (see <a href="${EXPLORE}/embed">For schools</a>):</p><pre><code>${embedSnippet(embedUrl)}</code></pre>`
    : null
}`,
    { search: false },
  );
}

/** The widget: the comparison without the site's chrome, its credits, and a link back to the explorer. */
export function embedComparePage(services: Services, c: Comparison): SafeHtml {
  const base = services.config.publicUrl;
  const full = `${base}${EXPLORE}/compare${c.codes.length > 0 ? `?codes=${c.codes.join(',')}` : ''}`;
  return embedPage(
    'Compare jobs',
    html`<h1>Compare jobs</h1>
${pickForm(
  EMBED,
  c.glances.map((g) => g.title),
  '_self',
)}
${c.glances.length > 0 ? html`${table(c.glances, base)}${credits(services, c.glances)}` : html`<p>Type up to three jobs to compare their pay, hours and prospects.</p>`}
<p><a href="${full}">More about these jobs on the UK jobs explorer</a>: free and open, from official statistics.</p>`,
  );
}

/** The copy-paste snippet: an iframe of the widget, sized for a careers page, with a title for screen readers. */
export function embedSnippet(src: string): string {
  return `<iframe src="${src}" title="Compare jobs: pay, hours and prospects" width="100%" height="900" style="border:0;max-width:64rem" loading="lazy"></iframe>`;
}

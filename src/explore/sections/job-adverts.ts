import { Problem } from '../../domain/problems.js';
import { html } from '../../html.js';
import type { JobAdvertNotice } from '../../domain/job-adverts.js';
import type { LocalAdvertAreasResponse } from '../../schemas/job-adverts.js';
import { lineChart } from '../charts.js';
import { count, figure, percent } from '../format.js';
import { sourceNote } from '../source-note.js';
import { orProblem, section, unavailable } from './section.js';

/** How many local areas the page lists (the API lists them all). */
const AREAS_SHOWN = 10;

const notices = (items: JobAdvertNotice[]) =>
  items.length === 0
    ? null
    : html`<ul class="notes notices">${items.map((n) => html`<li><strong>${n.heading}:</strong> ${n.text}</li>`)}</ul>`;

const decimal = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

function localTable(local: LocalAdvertAreasResponse) {
  if (local.areas.length === 0)
    return html`<p>No local area has adverts for this occupation in the latest four quarters.</p>`;
  const rows = local.areas
    .slice(0, AREAS_SHOWN)
    .map(
      ({ rank, area, latestYear: y }) =>
        html`<tr><td>${rank}</td><th scope="row">${area.name}</th><td>${figure(y.adverts, count)}</td><td>${figure(y.averagePerQuarter, count)}</td><td>${figure(y.perThousand, decimal)}</td><td>${figure(y.concentration, decimal)}</td></tr>`,
    );
  return html`<table class="figures" id="job-adverts-local"><caption>Local areas with most new adverts, ${local.areas[0]!.latestYear.from} to ${local.areas[0]!.latestYear.to} (${local.areas.length} areas with adverts)</caption>
<thead><tr><th scope="col">Rank</th><th scope="col">Area</th><th scope="col">Adverts</th><th scope="col">Per quarter</th><th scope="col">Per 1,000 adverts</th><th scope="col">Concentration (UK = 1)</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** New online job adverts (ONS, Textkernel data): the UK's latest year and monthly series, and the local areas with most. */
export const jobAdvertsSection = section({
  id: 'job-adverts',
  heading: 'New online job adverts',
  api: ['/v1/occupations/{soc}/job-adverts', '/v1/occupations/{soc}/job-adverts/local'],
  async load(services, soc) {
    const [monthly, local] = await Promise.all([
      services.jobAdverts.occupation(soc, 'uk'),
      orProblem(services.jobAdverts.localAreas(soc)),
    ]);
    return { monthly, local };
  },
  render({ monthly, local }, { catalog }) {
    const y = monthly.latestYear;
    const chart = lineChart(
      'job-adverts-chart',
      `New online job adverts per month, ${monthly.area.name}`,
      monthly.months.slice(-36).map((m) => ({ label: m.month, value: m.adverts })),
      count,
    );
    return html`<p class="headline">New online adverts, ${monthly.area.name}, ${y.from} to ${y.to}: <strong>${count(y.adverts)}</strong> (${figure(y.averagePerMonth, count)} a month${y.monthsSuppressed > 0 ? html`; ${y.monthsSuppressed} month${y.monthsSuppressed === 1 ? '' : 's'} suppressed and left out` : null}), ${y.changePercent === null ? 'no change can be worked out' : html`${y.changePercent > 0 ? '+' : ''}${percent(y.changePercent)} on the year before`}; rank ${y.rank} of ${y.occupationsRanked} occupations.</p>
${notices(monthly.notices)}
<figure id="job-adverts-series">${chart ?? html`<p>No month of the last three years is published.</p>`}</figure>
${sourceNote(monthly.provenance, catalog, { coverage: monthly.coverage })}
<h3>Local areas</h3>
${local instanceof Problem ? unavailable(local) : html`${localTable(local)}${sourceNote(local.provenance, catalog, { coverage: local.coverage })}`}`;
  },
});

import { barChart } from '../charts.js';
import { count, figure, percent, sureness } from '../format.js';
import { html } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

/** People in employment in the UK and its yearly series (APS), and the industries employing most. */
export const employmentSection = section({
  id: 'employment',
  heading: 'Employment',
  api: ['/v1/occupations/{soc}/employment', '/v1/occupations/{soc}/workforce'],
  async load(services, soc) {
    const [employment, workforce] = await Promise.all([
      services.employment.employment(soc, 'uk'),
      services.employment.workforce(soc),
    ]);
    return { employment, workforce };
  },
  render({ employment, workforce }, { catalog }) {
    const headline = employment.employment;
    const years = barChart(
      'employment-series-chart',
      `People in employment by year, ${employment.area.name}`,
      employment.series.map((p) => ({ label: p.period, value: p.presentable ? p.count : null })),
      count,
    );
    const seriesRows = employment.series.map(
      (p) =>
        html`<tr><th scope="row">${p.period}</th><td>${figure(p.count, count, p.presentable, p.quality)}</td><td>${sureness(p.quality)}</td></tr>`,
    );
    const industries = workforce.industries.map(
      (i) =>
        html`<tr><th scope="row">${i.name}</th><td>${figure(i.people, count, i.presentable)}</td><td>${figure(i.percent, percent, i.presentable)}</td><td>${sureness(i.quality)}</td></tr>`,
    );
    return html`<p class="headline">People in employment, ${employment.period ?? 'latest period'}: <strong>${headline ? figure(headline.count, count, headline.presentable, headline.quality) : figure(null, count)}</strong>${headline ? html` ${sureness(headline.quality)}` : null}${headline?.shareOfAllEmploymentPercent != null ? html`, ${percent(headline.shareOfAllEmploymentPercent)} of all people in employment` : null}</p>
${employment.notes.length > 0 ? html`<ul class="notes">${employment.notes.map((n) => html`<li>${n}</li>`)}</ul>` : null}
<figure id="employment-series">${years ?? html`<p>No year's count is published.</p>`}</figure>
<table class="figures"><thead><tr><th scope="col">Period</th><th scope="col">People</th><th scope="col">How sure</th></tr></thead><tbody>${seriesRows}</tbody></table>
${sourceNote(employment.provenance, catalog, { coverage: employment.coverage, bands: [...(headline ? [headline.quality] : []), ...employment.series.map((p) => p.quality)] })}
<h3>Industries employing most</h3>
<table class="figures"><thead><tr><th scope="col">Industry</th><th scope="col">People</th><th scope="col">Share</th><th scope="col">How sure</th></tr></thead><tbody>${industries}</tbody></table>
${sourceNote(workforce.provenance, catalog, { coverage: workforce.coverage, bands: workforce.industries.map((i) => i.quality) })}`;
  },
});

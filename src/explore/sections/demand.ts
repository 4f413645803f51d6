import type { DemandYear } from '../../schemas/demand.js';
import { html } from '../../html.js';
import { figure } from '../format.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

const LEVEL: Record<DemandYear['level'], string> = {
  critical: 'Critical demand',
  elevated: 'Elevated demand',
  not_in_high_demand: 'Not in high demand',
};
const INDICATOR: Record<DemandYear['indicators'][number]['indicator'], string> = {
  visa_grants: 'Visa grants',
  online_job_adverts: 'Online job adverts',
  wage_growth: 'Wage growth',
  wage_premium: 'Wage premium',
  hours_worked: 'Hours worked',
};
const index = (value: number) => value.toFixed(2);

/** The publisher's caveats of a year, displayed wherever they are present (the spec requires it). */
function caveats(year: DemandYear) {
  const notes = [year.uncertainty, year.imputation, year.capping].filter((n): n is string => n !== null);
  return notes.length > 0 ? html`<ul class="caveats">${notes.map((n) => html`<li>${n}</li>`)}</ul>` : null;
}

/** Skills England's assessment of the occupation: its demand level, the five indicators' signals, and the year before. */
export const demandSection = section({
  id: 'demand',
  heading: 'Occupations in demand',
  api: ['/v1/occupations/{soc}/demand'],
  load: (services, soc) => services.demand.occupation(soc),
  render(d, { catalog }) {
    const { latest, previous } = d;
    return html`<p class="demand-level"><strong>${LEVEL[latest.level]}</strong> in the ${latest.year} assessment (demand index ${figure(latest.demandIndex, index)})${previous ? html`; ${LEVEL[previous.level].toLowerCase()} in ${previous.year}, re-assessed on the same method` : null}.${latest.onImmigrationSalaryList === true ? ' On the Immigration Salary List.' : ''}</p>
${caveats(latest)}
<table class="figures"><thead><tr><th scope="col">Indicator</th><th scope="col">Signal (${latest.year})</th><th scope="col">Measures</th></tr></thead>
<tbody>${latest.indicators.map((i) => html`<tr><th scope="row">${INDICATOR[i.indicator]}</th><td>${i.signal}</td><td>${i.measures}</td></tr>`)}</tbody></table>
<p class="definitions">${d.definitions}</p>
${sourceNote(d.provenance, catalog, { coverage: d.coverage })}`;
  },
});

import type { VacancyYear } from '../../schemas/vacancies.js';
import { count, figure, percent } from '../format.js';
import { html } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

function yearRow(name: string, year: VacancyYear) {
  const shown = year.presentable;
  return html`<tr><th scope="row">${name} (${year.year})</th><td>${figure(year.vacancies, count, shown)}</td><td>${figure(year.hardToFill, count, shown)} (${figure(year.hardToFillPercent, percent, shown)})</td><td>${figure(year.skillShortage, count, shown)} (${figure(year.skillShortagePercent, percent, shown)})</td><td>${figure(year.employersReporting, count, shown)}</td></tr>`;
}

/** Vacancies, hard-to-fill and skill-shortage vacancies in the UK (Employer Skills Survey), with how the SOC 2010 group was chosen. */
export const vacanciesSection = section({
  id: 'vacancies',
  heading: 'Vacancies',
  api: ['/v1/occupations/{soc}/vacancies'],
  load: (services, soc) => services.vacancies.vacancies(soc, 'uk'),
  render(v, { catalog }) {
    const context = v.siblingsContext;
    return html`<p>Figures of ${v.group.level} ${v.group.code} (${v.group.title}), ${v.area.name}.</p>
<table class="figures"><thead><tr><th scope="col">Survey</th><th scope="col">Vacancies</th><th scope="col">Hard to fill</th><th scope="col">Skill-shortage</th><th scope="col">Employers reporting</th></tr></thead>
<tbody>${yearRow('Latest', v.latest)}${v.previous ? yearRow('Previous', v.previous) : null}${yearRow('All occupations', v.allOccupations)}</tbody></table>
${context ? html`<p class="context">${context.label}.</p><table class="figures context"><tbody>${yearRow('Context, latest', context.latest)}${context.previous ? yearRow('Context, previous', context.previous) : null}</tbody></table>` : null}
<p class="definitions">${v.definitions}</p>
${sourceNote(v.provenance, catalog, { coverage: v.coverage, derivation: { text: v.derivation, method: v.method } })}`;
  },
});

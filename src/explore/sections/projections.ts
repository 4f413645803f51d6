import { Problem } from '../../domain/problems.js';
import type { ProjectionResponse } from '../../schemas/projections.js';
import type { SourceCatalog } from '../../domain/sources.js';
import { lineChart } from '../charts.js';
import { count, figure, percent } from '../format.js';
import { html, type SafeHtml } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { orProblem, section, unavailable } from './section.js';

/** The areas shown: the UK (the API's default) and England (the SOC 2020 round). */
const AREAS = ['uk', 'england'] as const;

function jobs(value: number | null, presentable: boolean): SafeHtml {
  return figure(value, count, presentable);
}

function outlookOf(p: ProjectionResponse, catalog: SourceCatalog): SafeHtml {
  const o = p.outlook;
  const chart = lineChart(
    `projections-${p.area.slug}-chart`,
    `Jobs in sub-major group ${p.group.code}, ${p.area.name}, ${p.series[0]?.year ?? ''} to ${p.series.at(-1)?.year ?? ''}`,
    p.series.map((point) => ({
      label: `${point.year}${point.projected ? '*' : ''}`,
      value: point.presentable ? point.employment : null,
    })),
    count,
  );
  const levels = p.byQualification.map(
    (q) =>
      html`<tr><th scope="row">${q.label}</th><td>${jobs(q.employmentBase, q.presentable)}</td><td>${jobs(q.employmentTarget, q.presentable)}</td><td>${jobs(q.netChange, q.presentable)}</td><td>${jobs(q.replacementDemand, q.presentable)}</td><td>${jobs(q.totalRequirement, q.presentable)}</td><td>${figure(q.sharePercent, percent, q.presentable)}</td></tr>`,
  );
  return html`<h3>${p.area.name}: sub-major group ${p.group.code} ${p.group.title}, ${o.baseYear} to ${o.targetYear}</h3>
<p class="headline">${o.presentable ? html`Jobs ${o.direction === 'little change' ? 'show little change' : o.direction === 'growing' ? 'grow' : 'decline'}: ${jobs(o.netChange, o.presentable)} (${figure(o.netChangePercent, percent, o.presentable)}); ${jobs(o.totalRequirement, o.presentable)} people needed in all, with replacement demand.` : html`${figure(null, count, false)}: the group has under 10,000 jobs.`}</p>
<table class="figures"><tbody>
<tr><th scope="row">Jobs in ${o.baseYear}</th><td>${jobs(o.employmentBase, o.presentable)}</td></tr>
<tr><th scope="row">Jobs in ${o.targetYear}</th><td>${jobs(o.employmentTarget, o.presentable)}</td></tr>
<tr><th scope="row">Net change</th><td>${jobs(o.netChange, o.presentable)} (${figure(o.netChangePercent, percent, o.presentable)})</td></tr>
<tr><th scope="row">Replacement demand</th><td>${jobs(o.replacementDemand, o.presentable)}</td></tr>
<tr><th scope="row">Total requirement</th><td>${jobs(o.totalRequirement, o.presentable)}</td></tr>
</tbody></table>
<figure id="projections-${p.area.slug}">${chart ?? html`<p>No year is presentable.</p>`}<figcaption>* projected.</figcaption></figure>
<table class="figures"><caption>By qualification, highest first</caption><thead><tr><th scope="col">Level</th><th scope="col">${o.baseYear}</th><th scope="col">${o.targetYear}</th><th scope="col">Net change</th><th scope="col">Replacement</th><th scope="col">Requirement</th><th scope="col">Share</th></tr></thead><tbody>${levels}</tbody></table>
<p class="accuracy">${p.accuracy}</p>
${sourceNote(p.provenance, catalog, { coverage: p.coverage, citation: p.citation, derivation: { text: p.derivation, method: p.method } })}`;
}

/** Employment projections of the occupation's sub-major group, for the UK and England, each area's own release. */
export const projectionsSection = section({
  id: 'projections',
  heading: 'Projections',
  api: ['/v1/occupations/{soc}/projections'],
  async load(services, soc) {
    await services.occupations.unitGroup(soc);
    return Promise.all(AREAS.map((area) => orProblem(services.projections.outlook(soc, area))));
  },
  render(areas, { catalog }) {
    return html`${areas.map((p) => (p instanceof Problem ? unavailable(p) : outlookOf(p, catalog)))}`;
  },
});

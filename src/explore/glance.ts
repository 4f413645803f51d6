import { Problem } from '../domain/problems.js';
import type { Services } from '../services.js';
import type { PayResponse } from '../schemas/pay.js';
import type { EmploymentResponse } from '../schemas/employment.js';
import type { ProjectionResponse } from '../schemas/projections.js';
import type { VacancyResponse } from '../schemas/vacancies.js';
import type { DemandResponse } from '../schemas/demand.js';
import type { HowToBecomeResponse } from '../schemas/how-to-become.js';
import type { ApprenticeshipsResponse } from '../schemas/apprenticeships.js';
import { html, type SafeHtml } from '../html.js';
import { count, inUnit, percent } from './format.js';
import { orProblem } from './sections/section.js';

/**
 * What a reader wants first about a job, read through the same queries as the API: what it pays,
 * its hours, how many do it, the outlook, vacancies, demand and the routes in. Each part is the
 * query's answer or the 404 problem saying why there is none, so a missing source never fails a page.
 */
export interface Glance {
  soc2020: string;
  title: string;
  description: string | null;
  pay: PayResponse | Problem;
  hours: PayResponse | Problem;
  employment: EmploymentResponse | Problem;
  outlook: ProjectionResponse | Problem;
  vacancies: VacancyResponse | Problem;
  demand: DemandResponse | Problem;
  routes: HowToBecomeResponse | Problem;
  apprenticeships: ApprenticeshipsResponse | Problem;
}

const UK = { sex: 'all', pattern: 'all', area: 'uk' } as const;

export async function glanceOf(services: Services, soc: string): Promise<Glance> {
  const profile = await services.occupations.profile(soc);
  const [pay, hours, employment, outlook, vacancies, demand, routes, apprenticeships] = await Promise.all([
    orProblem(services.pay.pay(soc, { ...UK, measure: 'annual_pay_gross' })),
    orProblem(services.pay.pay(soc, { ...UK, measure: 'hours_paid_total', pattern: 'fulltime' })),
    orProblem(services.employment.employment(soc, 'uk')),
    orProblem(services.projections.outlook(soc, 'uk')),
    orProblem(services.vacancies.vacancies(soc, 'uk')),
    orProblem(services.demand.occupation(soc)),
    orProblem(services.howToBecome.howToBecome(soc)),
    orProblem(services.apprenticeships.apprenticeships(soc, { includeInactive: false })),
  ]);
  return {
    soc2020: profile.soc2020,
    title: profile.title,
    description: profile.about?.description ?? null,
    pay,
    hours,
    employment,
    outlook,
    vacancies,
    demand,
    routes,
    apprenticeships,
  };
}

/** A figure and the plain words under it; `value` null where there is no number to show. */
export interface Reading {
  value: string | null;
  caption: string;
}

/** About so many, to three significant figures: a survey's estimate is never exact. */
export function about(value: number): string {
  if (value < 1000) return count(value);
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 2);
  return count(Math.round(value / magnitude) * magnitude);
}

/** How sure the publisher is of a figure, in words a reader uses (the API's quality band). */
const SURENESS: Record<string, string> = {
  precise: 'a precise estimate',
  reasonable: 'a reliable estimate',
  acceptable: 'a rough estimate: use with care',
  unassessed: 'an estimate of unstated precision',
};
const NOT_SHOWN: Record<string, string> = {
  unreliable: 'too few people in the survey to give a reliable figure',
  withheld: 'withheld by the publisher',
  incomplete: 'not known: some of its parts are withheld',
  'not-covered': 'not covered by the survey',
  'not-published': 'not published',
};

function changeWords(change: number | null, since: string): string {
  if (change === null) return '';
  if (Math.abs(change) < 0.5) return `; about the same as ${since}`;
  return `; ${change > 0 ? 'up' : 'down'} ${percent(Math.abs(change))} on ${since}`;
}

export function payReading(pay: PayResponse | Problem): Reading {
  if (pay instanceof Problem) return { value: null, caption: pay.detail };
  const median = pay.distribution.median;
  const year = `${pay.year} survey${pay.provisional ? ', provisional' : ''}`;
  if (!pay.presentable || median === null)
    return { value: null, caption: `Not shown: ${NOT_SHOWN[pay.quality] ?? 'not published'} (${year}).` };
  return {
    value: `${inUnit(median, pay.unit)} a year`,
    caption: `Half of employees earn more than this, half less (${year}; ${SURENESS[pay.quality] ?? pay.quality})${changeWords(pay.percentChange, String(pay.year - 1))}.`,
  };
}

export function hoursReading(hours: PayResponse | Problem): Reading {
  if (hours instanceof Problem) return { value: null, caption: hours.detail };
  const median = hours.distribution.median;
  if (!hours.presentable || median === null)
    return {
      value: null,
      caption: `Not shown: ${NOT_SHOWN[hours.quality] ?? 'not published'} (${hours.year} survey).`,
    };
  return {
    value: `${inUnit(median, hours.unit)} a week`,
    caption: `Typical paid hours of a full-time employee (${hours.year} survey; ${SURENESS[hours.quality] ?? hours.quality}).`,
  };
}

export function employmentReading(e: EmploymentResponse | Problem): Reading {
  if (e instanceof Problem) return { value: null, caption: e.detail };
  const headline = e.employment;
  const period = e.period ?? 'latest period';
  if (!headline || !headline.presentable || headline.count === null)
    return {
      value: null,
      caption: `Not shown: ${NOT_SHOWN[headline?.quality ?? 'not-published'] ?? 'not published'} (${period} survey).`,
    };
  return {
    value: `about ${about(headline.count)}`,
    caption: `People working in this job in the UK, ${period} (household survey estimate; ${SURENESS[headline.quality] ?? headline.quality}).`,
  };
}

const DIRECTION: Record<string, string> = {
  growing: 'Growing',
  declining: 'Shrinking',
  'little change': 'Little change',
};

export function outlookReading(p: ProjectionResponse | Problem): Reading {
  if (p instanceof Problem) return { value: null, caption: p.detail };
  const o = p.outlook;
  const group = `the wider group “${p.group.title}”`;
  if (!o.presentable || o.netChangePercent === null)
    return { value: null, caption: `Not shown: ${group} is too small for a reliable projection.` };
  return {
    value: DIRECTION[o.direction] ?? o.direction,
    caption: `Jobs in ${group}: ${o.netChangePercent > 0 ? '+' : ''}${percent(o.netChangePercent)} from ${o.baseYear} to ${o.targetYear}, projected${o.totalRequirement !== null ? `; about ${about(o.totalRequirement)} people needed in all, counting those who retire or leave` : ''}.`,
  };
}

export function vacanciesReading(v: VacancyResponse | Problem): Reading {
  if (v instanceof Problem) return { value: null, caption: v.detail };
  const y = v.latest;
  if (!y.presentable || y.vacancies === null)
    return { value: null, caption: `Not shown: too few employers in the ${y.year} survey to give a figure.` };
  return {
    value: `about ${about(y.vacancies)}`,
    caption: `Vacancies employers reported in the ${y.year} survey, for the ${v.group.classification} group “${v.group.title}”${y.hardToFillPercent !== null ? `; ${percent(y.hardToFillPercent)} hard to fill` : ''}.`,
  };
}

const LEVEL: Record<string, string> = {
  critical: 'In critical demand',
  elevated: 'In elevated demand',
  not_in_high_demand: 'Not in high demand',
};

export function demandReading(d: DemandResponse | Problem): Reading {
  if (d instanceof Problem) return { value: null, caption: d.detail };
  return {
    value: LEVEL[d.latest.level] ?? d.latest.level,
    caption: `Skills England's ${d.latest.year} assessment of demand for this job.`,
  };
}

export function routesReading(r: HowToBecomeResponse | Problem, a: ApprenticeshipsResponse | Problem): Reading {
  const listed = r instanceof Problem ? [] : [...new Set(r.profiles.flatMap((p) => p.routesListed))];
  const apprenticeships =
    a instanceof Problem || a.apprenticeshipsAvailable === null
      ? ''
      : `${a.apprenticeshipsAvailable} approved apprenticeship${a.apprenticeshipsAvailable === 1 ? '' : 's'}${a.lowestApprenticeshipLevel !== null ? ` from level ${a.lowestApprenticeshipLevel}` : ''}`;
  if (listed.length === 0 && !apprenticeships)
    return {
      value: null,
      caption: r instanceof Problem ? r.detail : 'No National Careers Service profile says how to get in.',
    };
  return {
    value: listed.length > 0 ? listed.join(', ') : apprenticeships,
    caption: `${listed.length > 0 ? 'Ways in, from the National Careers Service' : 'From the Institute for Apprenticeships and Technical Education'}${listed.length > 0 && apprenticeships ? `; ${apprenticeships}` : ''}.`,
  };
}

/** One reading as the page shows it: the figure in large type, or "not shown", and its caption. */
export function readingMarkup(label: string, r: Reading): SafeHtml {
  return html`<li><span class="label">${label}</span><span class="value">${r.value ?? html`<span class="withheld">not shown</span>`}</span><span class="caption">${r.caption}</span></li>`;
}

/** Why the years side by side differ: each figure is its publisher's latest, on its own timetable. */
export function yearsNote(g: Glance): SafeHtml | null {
  const parts: string[] = [];
  if (!(g.pay instanceof Problem))
    parts.push(
      `pay and hours: ${g.pay.year} survey of employers' payrolls (ONS ASHE${g.pay.provisional ? ', provisional' : ''})`,
    );
  if (!(g.employment instanceof Problem) && g.employment.period)
    parts.push(`people in work: ${g.employment.period} survey of households (ONS Annual Population Survey, via Nomis)`);
  if (!(g.outlook instanceof Problem))
    parts.push(`outlook: a projection from ${g.outlook.outlook.baseYear} to ${g.outlook.outlook.targetYear}`);
  if (!(g.vacancies instanceof Problem))
    parts.push(`vacancies: ${g.vacancies.latest.year} Employer Skills Survey (Department for Education)`);
  if (parts.length < 2) return null;
  return html`<p class="years"><strong>Why the years differ:</strong> each figure is the latest its publisher has released, and each publishes on its own timetable. ${parts.join('; ')}.</p>`;
}

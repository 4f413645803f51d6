import { PAY_DISTRIBUTION } from '../../domain/pay.js';
import { distributionChart, lineChart } from '../charts.js';
import { figure, inUnit, percent, sureness } from '../format.js';
import { html } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

const ALL_UK = { measure: 'annual_pay_gross', sex: 'all', pattern: 'all', area: 'uk' } as const;

const PERCENTILE_NAMES: Record<string, string> = { median: 'Median (50th)' };

/** Gross annual pay of all employee jobs in the UK (ASHE Table 14): the latest distribution and every published year's median. */
export const paySection = section({
  id: 'pay',
  heading: 'Pay',
  api: ['/v1/occupations/{soc}/pay', '/v1/occupations/{soc}/pay/series'],
  async load(services, soc) {
    const [latest, series] = await Promise.all([services.pay.pay(soc, ALL_UK), services.pay.series(soc, ALL_UK)]);
    return { latest, series };
  },
  render({ latest, series }, { catalog }) {
    const show = (v: number) => inUnit(v, latest.unit);
    const percentiles = PAY_DISTRIBUTION.map((name) => ({ name, value: latest.distribution[name] }));
    const chart = latest.presentable ? distributionChart('pay-distribution-chart', percentiles, show) : null;
    const rows = percentiles.map(
      (p) =>
        html`<tr><th scope="row">${PERCENTILE_NAMES[p.name] ?? `${p.name.slice(1)}th percentile`}</th><td>${figure(p.value, show, latest.presentable)}</td></tr>`,
    );
    const trend = lineChart(
      'pay-series-chart',
      `Median gross annual pay, ${series.points.map((p) => p.year).join(', ')}`,
      series.points.map((p) => ({
        label: `${p.year}${p.provisional ? ' (prov.)' : ''}`,
        value: p.presentable ? p.median : null,
      })),
      show,
    );
    const seriesRows = series.points.map(
      (p) =>
        html`<tr><th scope="row">${p.year}${p.provisional ? ' (provisional)' : ''}</th><td>${figure(p.median, show, p.presentable, p.quality)}</td><td>${figure(p.mean, show)}</td><td>${figure(p.employeeJobsThousands, (v) => `${v}k`)}</td><td>${sureness(p.quality)}</td></tr>`,
    );
    return html`<p class="headline">Median gross annual pay, ${latest.year}${latest.provisional ? ' (provisional)' : ''}: <strong>${figure(latest.distribution.median, show, latest.presentable, latest.quality)}</strong> ${sureness(latest.quality)}</p>
<figure id="pay-distribution">
${chart ?? html`<p>The distribution is not drawn: too few of its figures are published.</p>`}
<figcaption>${latest.title}, ${latest.area.name}, ${latest.referencePeriod}. ${latest.unit}.</figcaption>
</figure>
<table class="figures"><caption>Distribution</caption><tbody>${rows}
<tr><th scope="row">Mean</th><td>${figure(latest.mean, show)}</td></tr>
<tr><th scope="row">Employee jobs (indicative)</th><td>${figure(latest.employeeJobsThousands, (v) => `${v} thousand`)}</td></tr>
<tr><th scope="row">Change in the median on the year before</th><td>${figure(latest.percentChange, percent)}</td></tr>
</tbody></table>
<h3>Median by year</h3>
<figure id="pay-series">${trend ?? html`<p>No year's median is published.</p>`}</figure>
<table class="figures"><thead><tr><th scope="col">Year</th><th scope="col">Median</th><th scope="col">Mean</th><th scope="col">Jobs</th><th scope="col">How sure</th></tr></thead><tbody>${seriesRows}</tbody></table>
${sourceNote(latest.provenance, catalog, { coverage: latest.coverage, bands: [latest.quality, ...series.points.map((p) => p.quality)] })}`;
  },
});

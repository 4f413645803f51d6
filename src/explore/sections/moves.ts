import type { Move, MovesResponse } from '../../schemas/moves.js';
import { svg, WIDTH } from '../charts.js';
import { count, figure, inUnit, percent, withheld } from '../format.js';
import { html, type SafeHtml } from '../../html.js';
import { EXPLORE } from '../page.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

const MOVES_SHOWN = 10;
const SKILLS_SHOWN = 3;
const pounds = (v: number) => inUnit(v, 'GBP per year');
const signed = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${pounds(Math.abs(v))}`;

/** Each move's pay difference (target less this occupation, £ a year) as a bar either side of zero; no bar where it is withheld. */
function payDifferenceChart(moves: Move[]): SafeHtml | null {
  if (moves.length === 0) return null;
  const largest = Math.max(...moves.map((m) => Math.abs(m.pay.differencePounds ?? 0)), 1);
  const zero = 200 + (WIDTH - 220) / 2;
  const half = (WIDTH - 220) / 2 - 70;
  const rows = moves.map((m, i) => {
    const y = 8 + i * 26;
    const d = m.pay.differencePounds;
    const label = html`<text class="bar-label" x="190" y="${y + 14}" text-anchor="end"
      >${m.soc2020} ${m.title.length > 24 ? `${m.title.slice(0, 23)}…` : m.title}</text
    >`;
    if (d === null) return html`${label}<text class="withheld-mark" x="${zero + 6}" y="${y + 14}">withheld</text>`;
    const w = Math.max(Math.round((Math.abs(d) / largest) * half), 1);
    const x = d >= 0 ? zero : zero - w;
    return html`${label}<rect
        class="bar pay-difference"
        data-soc="${m.soc2020}"
        data-difference="${d}"
        x="${x}"
        y="${y}"
        width="${w}"
        height="18"
        ><title>${m.title}: ${signed(d)} a year</title></rect
      ><text
        class="value"
        x="${d >= 0 ? zero + w + 6 : zero - w - 6}"
        y="${y + 14}"
        text-anchor="${d >= 0 ? 'start' : 'end'}"
        >${signed(d)}</text
      >`;
  });
  const height = 16 + moves.length * 26;
  return svg(
    'moves-pay-chart',
    'Median gross annual pay of each move, less this occupation’s (ASHE, same year)',
    height,
    html`<line class="axis" x1="${zero}" y1="0" x2="${zero}" y2="${height}" />${rows}`,
  );
}

function moveRow(m: Move): SafeHtml {
  const outlook =
    m.outlook.direction && m.outlook.presentable ? m.outlook.direction : withheld(m.outlook.reason ?? 'no projection');
  const learn = m.skills.toLearn.slice(0, SKILLS_SHOWN).map((s) => s.skillTitle);
  return html`<tr>
    <th scope="row"><a href="${EXPLORE}/occupations/${m.soc2020}">${m.soc2020} ${m.title}</a></th>
    <td>${Math.round(m.skills.closeness * 100)}%</td>
    <td>
      ${m.pay.differencePercent === null ? withheld(m.pay.reason ?? undefined) : `${m.pay.differencePercent > 0 ? '+' : ''}${percent(m.pay.differencePercent)}`}
    </td>
    <td>${outlook}</td>
    <td>${figure(m.vacancies.hardToFillPercent, percent, m.vacancies.presentable)}</td>
    <td>
      ${m.routesIn.howToBecomeProfiles.count === null ? '–' : count(m.routesIn.howToBecomeProfiles.count)} /
      ${m.routesIn.apprenticeships.count === null ? '–' : count(m.routesIn.apprenticeships.count)}
    </td>
    <td>${learn.length > 0 ? learn.join('; ') : html`<span class="muted">nothing ESCO tells apart</span>`}</td>
  </tr>`;
}

/** The occupations within reach by skills, with what they pay against this one (drawn), their outlook and what to learn. */
export const movesSection = section({
  id: 'moves',
  heading: 'Moves from here',
  api: ['/v1/occupations/{soc}/moves', '/v1/occupations/{soc}/compare/{other}'],
  load: (services, soc) => services.moves.moves(soc, { limit: MOVES_SHOWN, area: 'uk' }),
  render(r: MovesResponse, { catalog }) {
    const payProvenance = r.moves.find((m) => m.pay.from)?.pay.from?.provenance;
    const outlookProvenance = r.moves.find((m) => m.outlook.provenance)?.outlook.provenance;
    const vacancyProvenance = r.moves.find((m) => m.vacancies.provenance)?.vacancies.provenance;
    return html`<p class="derivation">Closeness is the share of the target's specific skills this occupation already holds, from ESCO skill descriptions, not observed moves (<a href="${r.method}">how it is measured</a>).</p>
      <table class="figures moves">
        <thead>
          <tr>
            <th scope="col">Move to</th>
            <th scope="col">Closeness</th>
            <th scope="col">Pay difference</th>
            <th scope="col">Outlook (${r.area.name})</th>
            <th scope="col">Hard to fill</th>
            <th scope="col">Profiles / apprenticeships</th>
            <th scope="col">Some skills to learn</th>
          </tr>
        </thead>
        <tbody>
          ${r.moves.map(moveRow)}
        </tbody>
      </table>
      ${payDifferenceChart(r.moves)}
      ${sourceNote(r.provenance, catalog, { attribution: r.skillsAttribution, derivation: { text: r.skillsDerivation } })}
      ${payProvenance ? sourceNote(payProvenance, catalog) : null}
      ${outlookProvenance ? sourceNote(outlookProvenance, catalog, { citation: r.outlookCitation ?? undefined }) : null}
      ${vacancyProvenance ? sourceNote(vacancyProvenance, catalog) : null}`;
  },
});

import { barChart } from '../charts.js';
import { html } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

/** RIASEC interests averaged over the matched US occupations (O*NET), with what they are based on. */
export const workProfileSection = section({
  id: 'work-profile',
  heading: 'Work profile',
  api: ['/v1/occupations/{soc}/work-profile'],
  load: (services, soc) => services.workProfile.workProfile(soc),
  render(w, { catalog }) {
    const interests = barChart(
      'interests-chart',
      `Interests (1 to 7), Holland code ${w.hollandCode}`,
      w.interests.map((i) => ({ label: `${i.type} (${i.letter})`, value: i.score })),
      (v) => v.toFixed(2),
      7,
    );
    const basedOn = w.basedOn.map(
      (o) => html`<li>${o.code} ${o.title} <span class="muted">(${o.weightPercent}%)</span></li>`,
    );
    return html`<p class="headline">Holland code: <strong>${w.hollandCode}</strong></p>
<figure id="interests">${interests}</figure>
<dl class="meanings">${w.interests.map((i) => html`<dt>${i.type}</dt><dd>${i.meaning}</dd>`)}</dl>
<p>Averaged over:</p><ul>${basedOn}</ul>
${sourceNote(w.provenance, catalog, { attribution: w.attribution, derivation: { text: w.derivation, method: w.method } })}`;
  },
});

import { externalLink, html } from '../../html.js';
import { sourceNote } from '../source-note.js';
import { section } from './section.js';

const SKILLS_SHOWN = 25;
const RELATED_SHOWN = 10;

/** The skills most widely shared by the related ESCO occupations (through ISCO-08). */
export const skillsSection = section({
  id: 'skills',
  heading: 'Skills',
  api: ['/v1/occupations/{soc}/skills'],
  load: (services, soc) => services.skills.skills(soc, null, SKILLS_SHOWN),
  render(s, { catalog }) {
    const skills = s.skills.map(
      (k) =>
        html`<li>${k.skillTitle} <span class="muted">(${k.type}; ${k.sharedBy} of ${s.relatedOccupationCount} related occupations${k.essential ? ', essential for at least one' : ''})</span></li>`,
    );
    const related = s.relatedOccupations
      .slice(0, RELATED_SHOWN)
      .map((o) => html`<li>${externalLink(o.uri, o.title)}</li>`);
    return html`<ol class="skills">${skills}</ol>
<p>Related ESCO occupations (ISCO-08 ${s.isco08}; ${s.relatedOccupationCount} in all):</p>
<ul class="related">${related}</ul>
${sourceNote(s.provenance, catalog, { derivation: { text: s.derivation, method: s.method } })}`;
  },
});

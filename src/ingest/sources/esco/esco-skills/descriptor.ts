import { escoCsvSource, lastChanged } from '../publisher.js';
import { insertEscoSkills } from '../../../../store/skills.js';
import { checkEscoSkills } from './checks.js';
import { SKILLS_FILE, parseEscoSkills } from './parse.js';

export const escoSkillsSource = escoCsvSource(
  {
    key: 'esco-skills',
    name: 'ESCO classification: skills and knowledge (English)',
    file: SKILLS_FILE,
    label: 'ESCO skills (English)',
    parse: parseEscoSkills,
    labelOf: (skills) =>
      `ESCO skills (English), ${skills.length.toLocaleString('en-GB')} concepts${lastChanged(skills)}`,
    check: checkEscoSkills,
    stage: insertEscoSkills,
  },
  ['skills_en.csv'],
  'en',
);

import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { escoCsvSource } from '../publisher.js';
import { insertEscoOccupationSkills } from '../../../../store/skills.js';
import { RELATIONS_FILE, parseEscoOccupationSkills } from './parse.js';

export const escoOccupationSkillsSource = escoCsvSource(
  {
    key: 'esco-occupation-skills',
    name: 'ESCO classification: occupation-skill relations',
    file: RELATIONS_FILE,
    label: 'ESCO occupation-skill relations',
    parse: parseEscoOccupationSkills,
    labelOf: (relations) =>
      `ESCO occupation-skill relations, ${relations.length.toLocaleString('en-GB')} relations of ${new Set(relations.map((r) => r.occupationId)).size.toLocaleString('en-GB')} occupations`,
    check: (relations) => [
      ...atLeast('at least 100,000 relations (v1.1.1 has 123,855)', relations.length, 100_000),
      ...eachKeyOnce(
        'each occupation-skill pair once',
        relations.map((r) => `${r.occupationId} ${r.skillId}`),
      ),
    ],
    stage: insertEscoOccupationSkills,
  },
  ['occupationSkillRelations_en.csv', 'occupationSkillRelations.csv'],
  'relations',
);

import { insertEscoOccupationSkills } from '../../../../store/esco.js';
import type { SourceDescriptor } from '../../../source.js';
import { ESCO_ATTRIBUTION, ESCO_CADENCE, ESCO_LICENCE, ESCO_PAGE, ESCO_PUBLISHER, detectEscoFile } from '../publisher.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { RELATIONS_FILE, parseEscoOccupationSkills } from './parse.js';
import type { Check } from '../../../../domain/editions.js';
import type { EscoOccupationSkill } from '../../../../domain/skills.js';

export const escoOccupationSkillsSource: SourceDescriptor<EscoOccupationSkill[]> = {
  key: 'esco-occupation-skills',
  name: 'ESCO classification: occupation-skill relations',
  publisher: ESCO_PUBLISHER,
  licence: ESCO_LICENCE,
  url: ESCO_PAGE,
  cadence: ESCO_CADENCE,
  tier: 'detectonly',
  attribution: ESCO_ATTRIBUTION,

  detect: (upstream) => detectEscoFile(upstream, RELATIONS_FILE, 'ESCO occupation-skill relations'),

  async parse(file) {
    return parseEscoOccupationSkills(file.bytes);
  },

  labelOf(relations) {
    const occupations = new Set(relations.map((r) => r.occupationId)).size;
    return `ESCO occupation-skill relations, ${relations.length.toLocaleString('en-GB')} relations of ${occupations.toLocaleString('en-GB')} occupations`;
  },

  check(relations): Check[] {
    return [
      ...atLeast('at least 100,000 relations (v1.1.1 has 123,855)', relations.length, 100_000),
      ...eachKeyOnce('each occupation-skill pair once', relations.map((r) => `${r.occupationId} ${r.skillId}`)),
    ];
  },

  stage(trx, editionId, relations) {
    return insertEscoOccupationSkills(trx, editionId, relations);
  },
};

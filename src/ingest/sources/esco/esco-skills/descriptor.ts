import { insertEscoSkills } from '../../../../store/esco.js';
import type { SourceDescriptor } from '../../../source.js';
import { ESCO_ATTRIBUTION, ESCO_CADENCE, ESCO_LICENCE, ESCO_PAGE, ESCO_PUBLISHER, detectEscoFile, latestModification } from '../publisher.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { SKILLS_FILE, parseEscoSkills } from './parse.js';
import type { Check } from '../../../../domain/editions.js';
import type { EscoSkill } from '../../../../domain/skills.js';

export const escoSkillsSource: SourceDescriptor<EscoSkill[]> = {
  key: 'esco-skills',
  name: 'ESCO classification: skills and knowledge (English)',
  publisher: ESCO_PUBLISHER,
  licence: ESCO_LICENCE,
  url: ESCO_PAGE,
  cadence: ESCO_CADENCE,
  tier: 'detectonly',
  attribution: ESCO_ATTRIBUTION,

  detect: (upstream) => detectEscoFile(upstream, SKILLS_FILE, 'ESCO skills (English)'),

  async parse(file) {
    return parseEscoSkills(file.bytes);
  },

  labelOf(skills) {
    const latest = latestModification(skills.map((s) => s.modifiedDate));
    return `ESCO skills (English), ${skills.length.toLocaleString('en-GB')} concepts${latest ? `, last changed ${latest}` : ''}`;
  },

  check(skills): Check[] {
    const untyped = skills.filter((s) => s.skillType === null);
    return [
      ...atLeast('at least 10,000 skill concepts (v1.1.1 has 13,896)', skills.length, 10_000),
      ...eachKeyOnce('each skill URI once', skills.map((s) => s.conceptId)),
      ...(untyped.length > 0
        ? [{ rule: 'every skill is typed skill/competence or knowledge', status: 'warn' as const, observed: `${untyped.length} without a type (left out of skills lists): ${untyped.slice(0, 6).map((s) => s.title).join('; ')}` }]
        : []),
    ];
  },

  stage(trx, editionId, skills) {
    return insertEscoSkills(trx, editionId, skills);
  },
};

import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import type { Check } from '../../../../domain/editions.js';
import type { EscoSkill } from '../../../../domain/skills.js';

/** Enough concepts, each URI once; a warning for concepts ESCO leaves untyped (left out of skills lists). */
export function checkEscoSkills(skills: EscoSkill[]): Check[] {
  const untyped = skills.filter((s) => s.skillType === null);
  return [
    ...atLeast('at least 10,000 skill concepts (v1.1.1 has 13,896)', skills.length, 10_000),
    ...eachKeyOnce(
      'each skill URI once',
      skills.map((s) => s.conceptId),
    ),
    ...(untyped.length > 0
      ? [
          {
            rule: 'every skill is typed skill/competence or knowledge',
            status: 'warn' as const,
            observed: `${untyped.length} without a type (left out of skills lists): ${untyped
              .slice(0, 6)
              .map((s) => s.title)
              .join('; ')}`,
          },
        ]
      : []),
  ];
}

import type { EscoOccupationSkill } from '../../../../domain/skills.js';
import { readCsv } from '../../../formats/delimited.js';
import { occupationIdOf, skillIdOf } from '../publisher.js';

export const RELATIONS_FILE = 'occupationSkillRelations.csv.gz';

const COLUMNS = ['occupationUri', 'relationType', 'skillUri'] as const;

/** Parses ESCO's occupation-skill relations (plain or gzip). Throws on a relation type other than essential or optional. */
export function parseEscoOccupationSkills(bytes: Uint8Array): EscoOccupationSkill[] {
  return readCsv(bytes, COLUMNS, 'ESCO occupation-skill relations').map((row, i) => {
    const relation = (row.relationType ?? '').trim();
    if (relation !== 'essential' && relation !== 'optional') {
      throw new Error(
        `ESCO occupation-skill relations, record ${i + 1}: relationType "${relation}" is neither "essential" nor "optional"`,
      );
    }
    return {
      occupationId: occupationIdOf((row.occupationUri ?? '').trim()),
      skillId: skillIdOf((row.skillUri ?? '').trim()),
      essential: relation === 'essential',
    };
  });
}

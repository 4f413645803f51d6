import type { EscoSkill } from '../../../../domain/skills.js';
import { readCsv } from '../../../formats/delimited.js';
import { skillIdOf } from '../publisher.js';

export const SKILLS_FILE = 'skills_en.csv.gz';

const COLUMNS = ['conceptType', 'conceptUri', 'skillType', 'preferredLabel', 'modifiedDate'] as const;

/** Parses ESCO's skills CSV (plain or gzip). Throws on a row that is not a skill concept or has an unknown type. */
export function parseEscoSkills(bytes: Uint8Array): EscoSkill[] {
  return readCsv(bytes, COLUMNS, 'ESCO skills').map((row, i) => {
    const where = `ESCO skills, record ${i + 1}`;
    if (row.conceptType !== 'KnowledgeSkillCompetence')
      throw new Error(`${where}: conceptType is "${row.conceptType}", not "KnowledgeSkillCompetence"`);
    const type = (row.skillType ?? '').trim();
    if (type !== '' && type !== 'skill/competence' && type !== 'knowledge')
      throw new Error(`${where}: skillType "${type}" is neither "skill/competence" nor "knowledge"`);
    const title = (row.preferredLabel ?? '').trim();
    if (title === '') throw new Error(`${where}: no preferredLabel`);
    return {
      conceptId: skillIdOf((row.conceptUri ?? '').trim()),
      title,
      skillType: type === '' ? null : type,
      modifiedDate: (row.modifiedDate ?? '').trim() || null,
    };
  });
}

import { Problem } from '../domain/problems.js';
import { RELATED_OCCUPATIONS_LISTED, type SkillRelation } from '../domain/skills.js';
import type { SkillsResponse } from '../schemas/skills.js';
import { escoOccupationsInIscoGroups, skillsSharedByOccupations, type SharedSkill } from '../store/skills.js';
import type { Db } from '../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions } from './current-editions.js';
import { describeIscoShares, iscoSharesOf } from './isco-groups.js';
import type { Occupations } from './occupations.js';

/** ESCO's occupations, skills and the relations between them, each a source of its own. */
const ESCO_OCCUPATIONS = 'esco-occupations';
const ESCO_SKILLS = 'esco-skills';
const ESCO_RELATIONS = 'esco-occupation-skills';

/**
 * Skills of a SOC 2020 unit group from ESCO. ESCO classifies occupations by ISCO-08, not SOC, so
 * the join goes through the ISCO-08 column of the coding index: the ESCO occupations in the
 * unit group's ISCO-08 groups are its related occupations, and a skill ranks by how many of them
 * ESCO relates it to.
 */
export class Skills {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
  ) {}

  async skills(soc: string, relation: SkillRelation | null, limit: number): Promise<SkillsResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const index = await this.codingIndex.get();
    if (!index)
      throw this.current.unavailable(CODING_INDEX, 'Skills (joined through the ISCO-08 codes of the coding index)');
    const [occupationsEdition, skillsEdition, relations] = await Promise.all(
      ([ESCO_OCCUPATIONS, ESCO_SKILLS, ESCO_RELATIONS] as const).map((key) => this.current.serving(key, 'Skills')),
    ).then(([o, s, r]) => [o!.edition, s!.edition, r!] as const);

    const shares = iscoSharesOf(index.byUnitGroup.get(soc) ?? []);
    const main = shares[0];
    if (!main)
      throw new Problem(
        'figure-not-found',
        `No coding-index title of ${soc} carries an ISCO-08 code, so no ESCO occupation can be related to it.`,
      );
    const rank = new Map(shares.map((s, i) => [s.isco08, i]));
    const related = (
      await escoOccupationsInIscoGroups(
        this.db,
        occupationsEdition.id,
        shares.map((s) => s.isco08),
      )
    ).sort((a, b) => rank.get(a.iscoGroup)! - rank.get(b.iscoGroup)! || a.title.localeCompare(b.title, 'en-GB'));
    if (related.length === 0) {
      throw new Problem(
        'figure-not-found',
        `ESCO has no occupation in ISCO-08 group${shares.length > 1 ? 's' : ''} ${shares.map((s) => s.isco08).join(', ')}, the group${shares.length > 1 ? 's' : ''} the coding index maps ${soc} (${unit.title}) to, so no skills can be related to it.`,
      );
    }

    const shared = await skillsSharedByOccupations(
      this.db,
      { relations: relations.edition.id, skills: skillsEdition.id },
      related.map((o) => o.conceptId),
      relation === null ? null : relation === 'essential',
    );
    const skills = shared
      .filter((s): s is SharedSkill & { skillType: string } => s.skillType !== null)
      .sort(
        (a, b) => b.sharedBy - a.sharedBy || b.essentialFor - a.essentialFor || a.title.localeCompare(b.title, 'en-GB'),
      )
      .slice(0, limit)
      .map((s) => ({
        skillTitle: s.title,
        type: s.skillType === 'knowledge' ? ('knowledge' as const) : ('skill' as const),
        sharedBy: s.sharedBy,
        essential: s.essentialFor > 0,
      }));

    return {
      soc2020: soc,
      title: unit.title,
      isco08: main.isco08,
      relatedOccupationCount: related.length,
      relatedOccupations: related
        .slice(0, RELATED_OCCUPATIONS_LISTED)
        .map((o) => ({ title: o.title, description: o.description, uri: o.uri })),
      skills,
      derivation: derivation(soc, unit.title, shares, related.length, relation, relations.source.attribution),
      provenance: relations.provenance,
    };
  }
}

function derivation(
  soc: string,
  title: string,
  shares: ReturnType<typeof iscoSharesOf>,
  relatedCount: number,
  relation: SkillRelation | null,
  attribution: string,
): string {
  const counted = relation === null ? 'essential or optional' : relation;
  return [
    `ESCO classifies occupations by ISCO-08, not SOC 2020. The ONS coding index maps the job titles of ${soc} (${title}) to ISCO-08 group${shares.length > 1 ? 's' : ''} ${describeIscoShares(shares)};`,
    `the ${relatedCount} ESCO occupation${relatedCount === 1 ? '' : 's'} in ${shares.length > 1 ? 'those groups' : 'that group'} ${relatedCount === 1 ? 'is' : 'are'} related to ${soc}, not equivalent to it, and may include work that UK job holders in ${soc} do not do.`,
    `A skill's sharedBy counts the related occupations for which ESCO marks it ${counted}; essential is true when at least one of them marks it essential.`,
    attribution,
  ].join(' ');
}

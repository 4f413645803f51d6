import { RELATED_OCCUPATIONS_LISTED, type SkillRelation } from '../../domain/skills.js';
import type { SkillsResponse } from '../../schemas/skills.js';
import type { Occupations } from '../occupations/index.js';
import { rankedSkills, type SkillProfiles } from './skill-profiles.js';

const WHAT = 'Skills (joined through the ISCO-08 codes of the coding index)';

/**
 * Skills of a SOC 2020 unit group from ESCO: the top of its weighted skill profile
 * (skill-profiles.ts, the model /moves and /compare read too).
 */
export class Skills {
  constructor(
    private readonly occupations: Occupations,
    private readonly profiles: SkillProfiles,
  ) {}

  async skills(soc: string, relation: SkillRelation | null, limit: number): Promise<SkillsResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { view, profile } = await this.profiles.of(soc, WHAT);
    const { catalogue } = view;
    const skills = rankedSkills(profile, relation, catalogue)
      .slice(0, limit)
      .map(({ at, score }) => ({
        skillTitle: catalogue.titles[profile.skills[at]!]!,
        type: catalogue.types[profile.skills[at]!]!,
        sharedBy: profile.sharedBy[at]!,
        essential: relation !== 'optional' && profile.essentialFor[at]! > 0,
        score: Math.round(score * 10_000) / 10_000,
      }));
    const related = profile.related;
    return {
      soc2020: soc,
      title: unit.title,
      isco08: profile.iscoShares[0]?.isco08 ?? related[0]!.occupation.iscoGroup,
      relatedOccupationCount: related.length,
      relatedOccupations: related.slice(0, RELATED_OCCUPATIONS_LISTED).map((r) => ({
        title: r.occupation.title,
        description: r.occupation.description,
        uri: r.occupation.uri,
        weight: Math.round(r.weight * 1000) / 1000,
        closeness: Math.round(r.closeness * 1000) / 1000,
      })),
      skills,
      derivation: `Skills of ${related.length} ESCO occupation${related.length === 1 ? '' : 's'} related to ${unit.title.toLowerCase()}, ${relation === null ? 'most relevant first' : `counting only ${relation} relations`}. ESCO is a European classification, not a UK one: these occupations are related to the unit group, not equivalent to it.`,
      method: '/docs/skills-and-moves.md#the-profile-of-a-unit-group',
      attribution: view.relations.source.attribution,
      provenance: view.relations.provenance,
    };
  }
}

import { Problem } from '../domain/problems.js';
import { RELATED_OCCUPATIONS_LISTED, type SkillRelation } from '../domain/skills.js';
import type { SkillsResponse } from '../schemas/skills.js';
import {
  escoOccupationsWithLabels,
  escoSkillsByOccupation,
  skillsSharedByOccupations,
  type SharedSkill,
} from '../store/skills.js';
import type { Db } from '../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions } from './current-editions.js';
import { iscoSharesOf } from './isco-groups.js';
import { EscoCloseness, skillScores, skillSpecificity } from './joins/esco-closeness.js';
import type { UnitGroupTexts } from './joins/unit-group-text.js';
import type { Occupations } from './occupations.js';

/** ESCO's occupations, skills and the relations between them, each a source of its own. */
const ESCO_OCCUPATIONS = 'esco-occupations';
const ESCO_SKILLS = 'esco-skills';
const ESCO_RELATIONS = 'esco-occupation-skills';

/** The ESCO side of the join for one set of editions, built once. */
interface EscoModel {
  key: string;
  closeness: EscoCloseness;
  relations: Awaited<ReturnType<typeof escoSkillsByOccupation>>;
  specificity: (skillId: string) => number;
}

/**
 * Skills of a SOC 2020 unit group from ESCO. ESCO classifies occupations by ISCO-08, not SOC, so
 * the join goes through the ISCO-08 column of the coding index: the ESCO occupations in the
 * unit group's ISCO-08 groups are candidates, weighted by how closely they match the unit group
 * (joins/esco-closeness.ts), and a skill ranks by how essential and how specific it is to them.
 */
export class Skills {
  private model: EscoModel | null = null;
  private building: Promise<EscoModel> | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
    private readonly unitGroupTexts: UnitGroupTexts,
  ) {}

  /** Built once per (unit-group texts, ESCO occupations, relations) editions, off the request that first needs it. */
  private async escoModel(occupationsEdition: string, relationsEdition: string): Promise<EscoModel | null> {
    const texts = await this.unitGroupTexts.get();
    if (!texts) return null;
    const key = `${texts.key}|${occupationsEdition}|${relationsEdition}`;
    if (this.model?.key === key) return this.model;
    this.building ??= (async () => {
      const [candidates, relations] = await Promise.all([
        escoOccupationsWithLabels(this.db, occupationsEdition),
        escoSkillsByOccupation(this.db, relationsEdition),
      ]);
      const byUnitGroup = texts.codingIndex.byUnitGroup;
      const model = {
        key,
        closeness: new EscoCloseness(texts.bags, candidates, (soc) => byUnitGroup.get(soc) ?? []),
        relations,
        specificity: skillSpecificity(relations),
      };
      this.model = model;
      return model;
    })().finally(() => {
      this.building = null;
    });
    const built = await this.building;
    return built.key === key ? built : this.escoModel(occupationsEdition, relationsEdition);
  }

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
    const model = await this.escoModel(occupationsEdition.id, relations.edition.id);
    if (!model) throw this.current.unavailable(CODING_INDEX, 'Skills (joined through the coding index)');
    const related = model.closeness.related(soc);
    if (related.length === 0) {
      throw new Problem(
        'figure-not-found',
        `ESCO has no occupation in ISCO-08 group${shares.length > 1 ? 's' : ''} ${shares.map((s) => s.isco08).join(', ')}, the group${shares.length > 1 ? 's' : ''} the coding index maps ${soc} (${unit.title}) to, so no skills can be related to it.`,
      );
    }

    const essentialOnly = relation === null ? null : relation === 'essential';
    const scores = skillScores(related, model.relations, model.specificity, essentialOnly);
    const shared = await skillsSharedByOccupations(
      this.db,
      { relations: relations.edition.id, skills: skillsEdition.id },
      related.map((r) => r.occupation.conceptId),
      essentialOnly,
    );
    const score = (s: SharedSkill) => scores.get(s.skillId) ?? 0;
    const skills = shared
      .filter((s): s is SharedSkill & { skillType: string } => s.skillType !== null)
      .sort((a, b) => score(b) - score(a) || b.sharedBy - a.sharedBy || a.title.localeCompare(b.title, 'en-GB'))
      .slice(0, limit)
      .map((s) => ({
        skillTitle: s.title,
        type: s.skillType === 'knowledge' ? ('knowledge' as const) : ('skill' as const),
        sharedBy: s.sharedBy,
        essential: s.essentialFor > 0,
        score: Math.round(score(s) * 10_000) / 10_000,
      }));

    return {
      soc2020: soc,
      title: unit.title,
      isco08: main.isco08,
      relatedOccupationCount: related.length,
      relatedOccupations: related.slice(0, RELATED_OCCUPATIONS_LISTED).map((r) => ({
        title: r.occupation.title,
        description: r.occupation.description,
        uri: r.occupation.uri,
        weight: Math.round(r.weight * 1000) / 1000,
        closeness: Math.round(r.closeness * 1000) / 1000,
      })),
      skills,
      derivation: derivation(unit.title, related.length),
      method: '/docs/skills-and-moves.md#skills',
      attribution: relations.source.attribution,
      provenance: relations.provenance,
    };
  }
}

function derivation(title: string, relatedCount: number): string {
  return `Skills of ${relatedCount} ESCO occupation${relatedCount === 1 ? '' : 's'} related to ${title.toLowerCase()}, most relevant first. ESCO is a European classification, not a UK one.`;
}

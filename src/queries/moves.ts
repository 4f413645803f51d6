import { invalidParameter, Problem } from '../domain/problems.js';
import { projectionArea, type ProjectionAreaSlug } from '../domain/projections.js';
import type { SocGroup } from '../domain/soc.js';
import type {
  CompareQuery,
  CompareResponse,
  Move,
  MovePay,
  MoveOutlook,
  MovePayFigure,
  MoveSkills,
  MovesQuery,
  MovesResponse,
} from '../schemas/moves.js';
import type { Db } from '../store/schema.js';
import type { CodingIndexCache } from './coding-index.js';
import { MoveFacts, type MoveFactQueries } from './move-facts.js';
import {
  closeness,
  densePresence,
  skillGaps,
  SkillProfiles,
  type SkillProfile,
  type SkillProfilesView,
} from './moves-skills.js';
import { describeIscoShares } from './isco-groups.js';
import type { Occupations } from './occupations.js';

/** Skills listed of each kind: a few in a list of moves, more when two occupations are compared. */
const SKILLS_IN_MOVE = 6;
const SKILLS_COMPARED = 20;

const WHAT = 'Career moves (skills of related ESCO occupations)';

const difference = (from: MovePayFigure | { reason: string }, to: MovePayFigure | { reason: string }): MovePay => {
  const figure = (f: MovePayFigure | { reason: string }) => ('provenance' in f ? f : null);
  const [a, b] = [figure(from), figure(to)];
  const pay = { from: a, to: b, differencePounds: null, differencePercent: null };
  if (!a || !b) return { ...pay, reason: [from, to].flatMap((f) => ('reason' in f ? [f.reason] : [])).join(' ') };
  if (!a.presentable || !b.presentable || a.median === null || b.median === null)
    return { ...pay, reason: 'The median pay of one of the two is withheld or not presentable (ONS quality band).' };
  if (a.year !== b.year) return { ...pay, reason: `The medians are of different years (${a.year}, ${b.year}).` };
  return {
    ...pay,
    differencePounds: b.median - a.median,
    differencePercent: Math.round(((b.median - a.median) / a.median) * 1000) / 10,
    reason: null,
  };
};

/**
 * Career moves from an occupation: every other unit group scored by how much of its specific
 * skill content the occupation already holds (moves-skills.ts), with what the target pays, its
 * outlook, vacancies and routes in, each from its own query with its provenance.
 */
export class Moves {
  private readonly profiles: SkillProfiles;
  private readonly facts: MoveFacts;

  constructor(
    db: Db,
    codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
    queries: MoveFactQueries,
  ) {
    this.profiles = new SkillProfiles(db, queries.currentEditions, codingIndex, async () =>
      (await occupations.structure()).unitGroups.map(({ code, title }) => ({ code, title })),
    );
    this.facts = new MoveFacts(queries);
  }

  async moves(soc: string, query: MovesQuery): Promise<MovesResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const view = await this.profiles.get(WHAT);
    const source = profileOf(view, unit);
    const dense = densePresence(source, view.catalogue);
    const ranked = [...view.profiles.values()]
      .filter((p) => p.soc !== soc)
      .map((target) => ({ target, score: closeness(dense, target, view.catalogue) }))
      .sort((a, b) => b.score - a.score || a.target.soc.localeCompare(b.target.soc));

    const fromPay = await this.facts.pay(soc);
    const chosen: Array<{ target: SkillProfile; pay: MovePay }> = [];
    for (const { target } of ranked) {
      if (chosen.length >= query.limit) break;
      const pay = difference(fromPay, await this.facts.pay(target.soc));
      if (query.minPayChange !== undefined && (pay.differencePercent ?? -Infinity) < query.minPayChange) continue;
      chosen.push({ target, pay });
    }
    const moves = await Promise.all(
      chosen.map(async ({ target, pay }): Promise<Move> => {
        const group = await this.subMajorGroup(target.soc);
        return {
          soc2020: target.soc,
          title: group.unit.title,
          subMajorGroup: group.subMajor,
          skills: this.skillsOfMove(view, source, target, SKILLS_IN_MOVE, dense),
          pay,
          ...(await this.outlookAndMore(target.soc, query.area)),
        };
      }),
    );
    return {
      soc2020: soc,
      title: unit.title,
      subMajorGroup: (await this.subMajorGroup(soc)).subMajor,
      area: projectionArea(query.area),
      skillsDerivation: skillsDerivation(unit, source),
      candidates: ranked.length,
      moves,
      method: '/docs/skills-and-moves.md#moves',
      outlookCitation: await this.citation(
        moves.map((m) => m.soc2020),
        query.area,
      ),
      skillsAttribution: view.relations.source.attribution,
      provenance: view.relations.provenance,
    };
  }

  async compare(soc: string, other: string, query: CompareQuery): Promise<CompareResponse> {
    const [fromUnit, toUnit] = [await this.occupations.unitGroup(soc), await this.occupations.unitGroup(other)];
    if (soc === other)
      throw invalidParameter(
        'other',
        `must be another unit group than ${soc}: an occupation is not compared with itself`,
      );
    const view = await this.profiles.get(WHAT);
    const [from, to] = [profileOf(view, fromUnit), profileOf(view, toUnit)];
    const side = async (unit: SocGroup) => ({
      soc2020: unit.code,
      title: unit.title,
      subMajorGroup: (await this.subMajorGroup(unit.code)).subMajor,
      ...(await this.outlookAndMore(unit.code, query.area)),
    });
    return {
      from: await side(fromUnit),
      to: await side(toUnit),
      area: projectionArea(query.area),
      pay: difference(await this.facts.pay(soc), await this.facts.pay(other)),
      forward: this.skillsOfMove(view, from, to, SKILLS_COMPARED),
      backward: this.skillsOfMove(view, to, from, SKILLS_COMPARED),
      skillsDerivation: `${skillsDerivation(fromUnit, from)} ${skillsDerivation(toUnit, to)}`,
      method: '/docs/skills-and-moves.md#moves',
      outlookCitation: await this.citation([soc, other], query.area),
      skillsAttribution: view.relations.source.attribution,
      provenance: view.relations.provenance,
    };
  }

  private skillsOfMove(
    view: SkillProfilesView,
    source: SkillProfile,
    target: SkillProfile,
    listed: number,
    dense = densePresence(source, view.catalogue),
  ): MoveSkills {
    const { catalogue } = view;
    const score = closeness(dense, target, catalogue);
    const gaps = skillGaps(dense, target, catalogue);
    const item = (g: { skill: number; target: number; source: number }) => ({
      skillTitle: catalogue.titles[g.skill]!,
      type: catalogue.types[g.skill]!,
      specificity: round(catalogue.specificity[g.skill]!),
      heldInTarget: round(g.target),
      heldInSource: round(g.source),
    });
    return {
      closeness: round(score, 3),
      basis: `${twins(source, target)}${source.soc} holds ${Math.round(score * 100)}% of the specificity-weighted content of ${target.soc}'s ${target.skills.length} skills (from ${target.relatedOccupations} related ESCO occupation${target.relatedOccupations === 1 ? '' : 's'}), drawing on its own ${source.skills.length} (from ${source.relatedOccupations}).`,
      sharedCount: gaps.shared.length,
      toLearnCount: gaps.toLearn.length,
      shared: gaps.shared.slice(0, listed).map(item),
      toLearn: gaps.toLearn.slice(0, listed).map(item),
    };
  }

  private async outlookAndMore(soc: string, area: ProjectionAreaSlug) {
    const [outlook, vacancies, routesIn] = await Promise.all([
      this.facts.outlook(soc, area),
      this.facts.vacancies(soc),
      this.facts.routesIn(soc),
    ]);
    return { outlook: withoutCitation(outlook), vacancies, routesIn };
  }

  /** The citation the projections require, once for the response (one round per area). */
  private async citation(socs: string[], area: ProjectionAreaSlug): Promise<string | null> {
    for (const soc of socs) {
      const { citation } = await this.facts.outlook(soc, area);
      if (citation) return citation;
    }
    return null;
  }

  private async subMajorGroup(soc: string) {
    const { groups } = await this.occupations.structure();
    const unit = groups.get(soc)!;
    const subMajor = groups.get(soc.slice(0, 2));
    return { unit, subMajor: { code: soc.slice(0, 2), title: subMajor?.title ?? '' } };
  }
}

function profileOf(view: SkillProfilesView, unit: SocGroup): SkillProfile {
  const profile = view.profiles.get(unit.code);
  if (profile) return profile;
  throw new Problem(
    'figure-not-found',
    view.unusable.get(unit.code) ?? `${unit.code} (${unit.title}) has no skills to compare.`,
  );
}

function skillsDerivation(unit: SocGroup, profile: SkillProfile): string {
  return `${unit.code} (${unit.title}): ${profile.skills.length} skills from ${profile.relatedOccupations} ESCO occupation${profile.relatedOccupations === 1 ? '' : 's'} in ISCO-08 ${describeIscoShares(profile.iscoShares)}, related to it through the coding index, not equivalent to it.`;
}

/** Said first when ESCO cannot tell the two apart: both drawn mostly from the same ISCO-08 group. */
function twins(source: SkillProfile, target: SkillProfile): string {
  const [a, b] = [source.iscoShares[0], target.iscoShares[0]];
  if (!a || !b || a.isco08 !== b.isco08) return '';
  return `Both map mostly to ISCO-08 group ${a.isco08}, so their skills come largely from the same ESCO occupations and cannot be told apart well. `;
}

function withoutCitation(outlook: MoveOutlook & { citation: string | null }): MoveOutlook {
  const shown: MoveOutlook & { citation?: string | null } = { ...outlook };
  delete shown.citation;
  return shown;
}

function round(value: number, places = 2): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

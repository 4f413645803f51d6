import { invalidParameter } from '../../domain/problems.js';
import { projectionArea, type ProjectionAreaSlug } from '../../domain/projections.js';
import type { SocGroup } from '../../domain/soc.js';
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
} from '../../schemas/moves.js';
import type { JobProfiles } from '../how-to-become/job-profiles.js';
import type { UnitGroupTexts } from '../occupations/unit-group-text.js';
import { entryBarrier, entryRequirements, type EntryRequirement } from './entry-barriers.js';
import { MoveFacts, type MoveFactQueries } from './facts.js';
import { RANKING, rankScore, shortlistOf, type Ranking } from './ranking.js';
import { closeness, denseWeights, INDISTINCT_FROM, sharedEvidence, skillGaps } from './skill-gaps.js';
import type { Occupations } from '../occupations/index.js';
import type { SkillProfile, SkillProfiles, SkillProfilesView } from '../skills/skill-profiles.js';

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
  private readonly facts: MoveFacts;
  /** Each edition's requirements, keyed by its texts' map (dropped with it when the edition changes). */
  private readonly requirementsOf = new WeakMap<object, Map<string, EntryRequirement[]>>();

  constructor(
    private readonly occupations: Occupations,
    private readonly profiles: SkillProfiles,
    private readonly queries: MoveFactQueries & {
      jobProfiles: Pick<JobProfiles, 'get'>;
      unitGroupTexts: Pick<UnitGroupTexts, 'get'>;
    },
  ) {
    this.facts = new MoveFacts(queries);
  }

  /**
   * Every other unit group with a profile: its skills closeness, the routes in the two share, and
   * whether its Volume 1 entry route requires what the source's lacks.
   */
  async candidates(soc: string, view: SkillProfilesView, source: SkillProfile) {
    const dense = denseWeights(source, view.catalogue);
    const routes = await this.routesIn();
    const entry = await this.entryRoutes();
    const from = entry.texts.get(soc);
    return [...view.profiles.values()]
      .filter((p) => p.soc !== soc)
      .map((target) => ({
        soc: target.soc,
        target,
        closeness: closeness(dense, target),
        sharedRoutes: sharedRoutes(routes.get(soc), routes.get(target.soc)),
        entryBarrier: from !== undefined && entryBarrier(from, entry.requirements.get(target.soc) ?? []) !== null,
      }));
  }

  /** The pay difference of a move and what the ranking weighs of the target's pay and size. */
  async prior(from: string, to: string) {
    const pay = difference(await this.facts.pay(from), await this.facts.pay(to));
    const payRatio = pay.differencePercent === null ? null : 1 + pay.differencePercent / 100;
    return { pay, prior: { payRatio, jobsThousands: await this.facts.jobsThousands(to) } };
  }

  /** The best moves first: the shortlist by closeness and structure, weighed with pay and size (move-ranking.ts). */
  async ranked(soc: string, view: SkillProfilesView, source: SkillProfile, ranking: Ranking = RANKING) {
    const candidates = await this.candidates(soc, view, source);
    const shortlist = await Promise.all(
      shortlistOf(soc, candidates, ranking).map(async (c) => {
        const { pay, prior } = await this.prior(soc, c.soc);
        return { ...c, pay, score: rankScore(c.structural, prior, ranking) };
      }),
    );
    shortlist.sort((a, b) => b.score - a.score || a.soc.localeCompare(b.soc));
    return { shortlist, candidates: candidates.length };
  }

  async moves(soc: string, query: MovesQuery): Promise<MovesResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const { view, profile: source } = await this.profiles.of(soc, WHAT);
    const { shortlist, candidates } = await this.ranked(soc, view, source);
    const chosen = shortlist
      .filter((m) => m.score > 0)
      .filter((m) => query.minPayChange === undefined || (m.pay.differencePercent ?? -Infinity) >= query.minPayChange)
      .slice(0, query.limit);
    const moves = await Promise.all(
      chosen.map(async ({ target, pay, sharedRoutes, score }): Promise<Move> => {
        const group = await this.subMajorGroup(target.soc);
        return {
          soc2020: target.soc,
          title: group.unit.title,
          subMajorGroup: group.subMajor,
          rankScore: round(score, 3),
          sharedRoutesIn: sharedRoutes,
          skills: this.skillsOfMove(view, source, target, SKILLS_IN_MOVE),
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
      candidates,
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
    const [{ view, profile: from }, { profile: to }] = [
      await this.profiles.of(soc, WHAT),
      await this.profiles.of(other, WHAT),
    ];
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
  ): MoveSkills {
    const { catalogue } = view;
    const score = closeness(denseWeights(source, catalogue), target);
    const gaps = skillGaps(source, target, catalogue);
    const overlap = sharedEvidence(source, target);
    const distinguishable = overlap < INDISTINCT_FROM;
    const item = (g: { skill: number; target: number; source: number }) => ({
      skillTitle: catalogue.titles[g.skill]!,
      type: catalogue.types[g.skill]!,
      specificity: round(catalogue.specificity[g.skill]!),
      heldInTarget: round(g.target),
      heldInSource: round(g.source),
    });
    // An empty list to learn is never shown as nothing to learn: either ESCO cannot tell the two
    // apart, or what the source lacks lies outside the target's core skills.
    const cannotTell = !distinguishable
      ? ` ESCO describes both largely with the same occupations (${Math.round(overlap * 100)}% of their evidence), so it cannot tell what ${target.soc} needs that ${source.soc} lacks: an empty list to learn does not mean there is nothing to learn.`
      : gaps.toLearn.length === 0
        ? ` ${source.soc} holds every core skill of ${target.soc}; the ${100 - Math.round(score * 100)}% of the skill weight it lacks is in skills fewer of ${target.soc}'s ESCO occupations hold, so an empty list to learn does not mean there is nothing to learn.`
        : '';
    return {
      closeness: round(score, 3),
      distinguishable,
      sharedEvidence: round(overlap, 3),
      basis: `${source.soc} has ${Math.round(score * 100)}% of the skill weight of ${target.soc} (${target.skills.length} skills from ${target.related.length} ESCO occupation${target.related.length === 1 ? '' : 's'}).${cannotTell}`,
      sharedCount: gaps.shared.length,
      toLearnCount: gaps.toLearn.length,
      shared: gaps.shared.slice(0, listed).map(item),
      toLearn: gaps.toLearn.slice(0, listed).map(item),
    };
  }

  /**
   * Volume 1's entry texts and each unit group's requirements read from them, once per edition of
   * the texts (no Volume 1: no requirements, so no barrier).
   */
  private async entryRoutes(): Promise<{
    texts: Map<string, { title: string; entryRoutes: string | null }>;
    requirements: Map<string, EntryRequirement[]>;
  }> {
    const view = await this.queries.unitGroupTexts.get();
    const texts = view?.entry ?? new Map<string, { title: string; entryRoutes: string | null }>();
    let cached = this.requirementsOf.get(texts);
    if (!cached) {
      cached = new Map([...texts].map(([code, t]) => [code, entryRequirements(t.entryRoutes)]));
      this.requirementsOf.set(texts, cached);
    }
    return { texts, requirements: cached };
  }

  /** Per unit group: the NCS profiles placed on it and the apprenticeship standards those profiles link to. */
  private async routesIn(): Promise<Map<string, Set<string>>> {
    const view = await this.queries.jobProfiles.get(WHAT).catch(() => null);
    const routes = new Map<string, Set<string>>();
    if (!view) return routes;
    for (const [soc, placements] of view.bySoc) {
      const set = new Set<string>();
      for (const { slug } of placements) {
        set.add(`profile:${slug}`);
        for (const standard of view.profiles.get(slug)?.standards ?? []) set.add(`standard:${standard}`);
      }
      routes.set(soc, set);
    }
    return routes;
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

/** How many NCS job profiles and apprenticeship standards two unit groups share as routes in. */
function sharedRoutes(a: Set<string> | undefined, b: Set<string> | undefined): number {
  if (!a || !b) return 0;
  let shared = 0;
  for (const route of a) if (b.has(route)) shared++;
  return shared;
}

function skillsDerivation(unit: SocGroup, profile: SkillProfile): string {
  return `${unit.code} (${unit.title}): ${profile.skills.length} skills from ${profile.related.length} related ESCO occupation${profile.related.length === 1 ? '' : 's'} (the profile /v1/occupations/${unit.code}/skills lists), related to it, not equivalent to it.`;
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

/**
 * Which ESCO occupations stand for a SOC 2020 unit group, and how much each: the candidates are
 * the ESCO occupations of the unit group's ISCO-08 groups (through the coding index's ISCO-08
 * column), weighted by how closely they match the unit group; skill-profiles.ts turns them into
 * the unit group's skill profile. Measured in bench/skills-joins.ts and bench/skills.ts.
 */
import type { CodingIndexRecord } from '../../domain/soc.js';
import { bag, contentWords, cosine, type Bag, type TextVector } from '../../search/text-vectors.js';
import type { StoredEscoOccupation } from '../../store/skills.js';
import { iscoSharesOf } from '../occupations/isco-groups.js';
import { vectorsTogether } from '../occupations/unit-group-text.js';

/**
 * Constants, chosen on the held-out anchor-occupation measure (bench/skills-joins.ts): stronger
 * closeness or a higher keep makes the lists more specific but predicts a held-out occupation's
 * skills worse.
 */
const SKILLS = {
  /** An occupation is kept when its weight is at least this share of the largest. */
  keep: 0.15,
  /** The ISCO-08 group's share of the unit group's records enters with this power. */
  sharePower: 0.5,
  /** Closeness = votes · this + text · (1 - this). */
  votes: 0.5,
  /** A coding-index title votes for a label only when their word Jaccard is at least this. */
  minVote: 0.5,
  /** Text closeness = own · cos/max cos + (1 - own) · cos / the best cos among the ISCO group's unit groups. */
  textOwn: 0.6,
} as const;

export interface EscoCandidate extends StoredEscoOccupation {
  altLabels: string[];
}

export interface RelatedEscoOccupation {
  occupation: EscoCandidate;
  /** Share of the unit group's skills evidence (the kept weights sum to 1). */
  weight: number;
  /** 0 to 1: how closely the occupation matches the unit group (titles voting, text). */
  closeness: number;
}

/** The ESCO side of the join: occupations with their text vectors, and the unit groups' vectors beside them. */
export class EscoCloseness {
  private readonly vectors: Map<string, TextVector>;
  private readonly unitVectors: Map<string, TextVector>;
  private readonly labelWords: Map<string, Set<string>[]>;
  private readonly unitGroupsOfIsco = new Map<string, Set<string>>();
  /** Per occupation: its best cosine among the unit groups sharing its ISCO-08 group (cached). */
  private readonly bestCompeting = new Map<string, number>();

  constructor(
    unitGroupBags: ReadonlyMap<string, Bag>,
    private readonly occupations: readonly EscoCandidate[],
    private readonly recordsOf: (soc: string) => readonly CodingIndexRecord[],
  ) {
    const occupationBags = new Map(
      occupations.map((o) => [
        o.conceptId,
        bag([
          [o.title, 3],
          [o.altLabels.join(' '), 1],
          [o.description, 1],
        ]),
      ]),
    );
    const joint = vectorsTogether(unitGroupBags, occupationBags);
    this.vectors = joint.others;
    this.unitVectors = joint.unitGroups;
    this.labelWords = new Map(
      occupations.map((o) => [o.conceptId, [o.title, ...o.altLabels].map((label) => new Set(contentWords(label)))]),
    );
    for (const soc of unitGroupBags.keys())
      for (const record of recordsOf(soc)) {
        if (record.isco08 === null) continue;
        const groups = this.unitGroupsOfIsco.get(record.isco08) ?? new Set<string>();
        groups.add(soc);
        this.unitGroupsOfIsco.set(record.isco08, groups);
      }
  }

  /** The occupations kept for unit group `soc`, largest weight first; empty when none is in its ISCO-08 groups. */
  related(soc: string): RelatedEscoOccupation[] {
    const records = this.recordsOf(soc);
    const shares = new Map(iscoSharesOf([...records]).map((s) => [s.isco08, s.share]));
    const unit = this.unitVectors.get(soc) ?? new Map<string, number>();
    const candidates = this.occupations
      .filter((o) => shares.has(o.iscoGroup))
      .map((o) => {
        const similarity = cosine(this.vectors.get(o.conceptId)!, unit);
        const best = this.bestAmongCompeting(o);
        return { o, similarity, relative: best > 0 ? similarity / best : 0 };
      });
    if (candidates.length === 0) return [];
    const votes = this.votes(
      records,
      candidates.map((c) => c.o),
    );
    const maxVotes = Math.max(1, ...votes.values());
    const maxSimilarity = Math.max(1e-9, ...candidates.map((c) => c.similarity));
    const scored = candidates.map(({ o, similarity, relative }) => {
      const text = Math.min(1, SKILLS.textOwn * (similarity / maxSimilarity) + (1 - SKILLS.textOwn) * relative);
      const closeness = SKILLS.votes * ((votes.get(o.conceptId) ?? 0) / maxVotes) + (1 - SKILLS.votes) * text;
      return { occupation: o, closeness, weight: shares.get(o.iscoGroup)! ** SKILLS.sharePower * closeness };
    });
    const top = Math.max(0, ...scored.map((s) => s.weight));
    const kept = scored.filter((s) => top > 0 && s.weight >= SKILLS.keep * top);
    const total = kept.reduce((sum, s) => sum + s.weight, 0);
    return kept
      .map((s) => ({ ...s, weight: s.weight / total }))
      .sort((a, b) => b.weight - a.weight || a.occupation.title.localeCompare(b.occupation.title, 'en-GB'));
  }

  /** Each coding-index title of the unit group votes for the candidate with the label most like it (word Jaccard). */
  private votes(records: readonly CodingIndexRecord[], candidates: readonly EscoCandidate[]): Map<string, number> {
    const votes = new Map<string, number>();
    for (const record of records) {
      const title = new Set(contentWords(record.naturalTitle));
      let best = { id: '', jaccard: 0 };
      for (const o of candidates)
        for (const label of this.labelWords.get(o.conceptId) ?? []) {
          const jaccard = wordJaccard(title, label);
          if (jaccard > best.jaccard) best = { id: o.conceptId, jaccard };
        }
      if (best.jaccard >= SKILLS.minVote) votes.set(best.id, (votes.get(best.id) ?? 0) + 1);
    }
    return votes;
  }

  private bestAmongCompeting(o: EscoCandidate): number {
    let best = this.bestCompeting.get(o.conceptId);
    if (best === undefined) {
      const vector = this.vectors.get(o.conceptId)!;
      best = 0;
      for (const soc of this.unitGroupsOfIsco.get(o.iscoGroup) ?? [])
        best = Math.max(best, cosine(vector, this.unitVectors.get(soc) ?? new Map<string, number>()));
      this.bestCompeting.set(o.conceptId, best);
    }
    return best;
  }
}

function wordJaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

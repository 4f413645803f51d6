/**
 * How moves are ordered: skills closeness, weighed with the evidence of real progression the store
 * holds (shared routes in, the SOC 2020 hierarchy, pay direction, the size of the target). Pure
 * functions, so bench/moves.ts fits the constants on the NCS career-path pairs with the very code
 * the service runs (docs/skills-and-moves.md, bench/README.md "Career moves: ranking").
 */

/**
 * The ranking's constants: the best by mean reciprocal rank on half the NCS career-path pairs of
 * the grid in `BENCH_PARTS=grid npm run bench:moves` (the third, widened where the first two chose
 * an edge), reported on the other half.
 */
export const RANKING = {
  /** How many candidates, best by closeness and structure, are weighed with pay and size. */
  shortlist: 60,
  /** Score = closeness ^ this × the factors below: above 1 lets closeness outweigh the bonuses more. */
  closenessPower: 1,
  /** A shared NCS job profile or apprenticeship standard multiplies the score by 1 + this. */
  sharedRouteBonus: 2,
  /** The target in the same SOC 2020 minor group (three digits) multiplies it by 1 + this. */
  sameMinorBonus: 1,
  /** Else in the same sub-major group (two digits). */
  sameSubMajorBonus: 0,
  /**
   * A target paying under this multiple of the source's median pay is no move at all (score 0):
   * halving one's pay is a step down, not a career move (issue 46: with right skills, teaching
   * assistants came into primary teachers' top 10 at 56% less).
   */
  minPayRatio: 0.5,
  /** A target paying under this multiple of the source's median pay is ranked down in proportion. */
  payCutFrom: 1.5,
  /** A target paying at least as much as the source multiplies the score by 1 + this. */
  payRiseBonus: 2,
  /** A target paying more than this multiple of the source is ranked down in proportion: a leap, not a step. */
  payLeapFrom: 2,
  /** The target's employee jobs (ASHE, thousands) over 100, to this power: a larger occupation has more openings. */
  jobsPower: 0.3,
};
export type Ranking = { [K in keyof typeof RANKING]: number };

/**
 * What the first pass knows of a candidate: its skills closeness, the routes in it shares, and
 * whether its Volume 1 entry route requires a degree or registration the source's lacks
 * (entry-barriers.ts).
 */
interface MoveCandidate {
  soc: string;
  closeness: number;
  sharedRoutes: number;
  entryBarrier: boolean;
}

/** What the second pass adds: target pay over source pay (same ASHE year, both presentable) and the target's jobs. */
export interface MovePrior {
  payRatio: number | null;
  jobsThousands: number | null;
}

/**
 * The score without pay or size: closeness, shared routes in and the SOC 2020 hierarchy; 0 across
 * an entry barrier (a new degree is not a move, issue 46), so such a target is never listed.
 */
export function structuralScore(from: string, c: MoveCandidate, r: Ranking): number {
  if (c.entryBarrier) return 0;
  const hierarchy =
    c.soc.slice(0, 3) === from.slice(0, 3)
      ? 1 + r.sameMinorBonus
      : c.soc.slice(0, 2) === from.slice(0, 2)
        ? 1 + r.sameSubMajorBonus
        : 1;
  return c.closeness ** r.closenessPower * hierarchy * (c.sharedRoutes > 0 ? 1 + r.sharedRouteBonus : 1);
}

/** The candidates to weigh with pay and size: the best `shortlist` by the structural score, best first. */
export function shortlistOf<C extends MoveCandidate>(
  from: string,
  candidates: C[],
  r: Ranking,
): Array<C & { structural: number }> {
  return candidates
    .map((c) => ({ ...c, structural: structuralScore(from, c, r) }))
    .sort((a, b) => b.structural - a.structural || a.soc.localeCompare(b.soc))
    .slice(0, r.shortlist);
}

/** The final score of a shortlisted candidate: a figure withheld (null) leaves the score as it is. */
export function rankScore(structural: number, prior: MovePrior, r: Ranking): number {
  const { payRatio, jobsThousands } = prior;
  if (payRatio !== null && payRatio < r.minPayRatio) return 0;
  const pay =
    payRatio === null
      ? 1
      : Math.min(1, payRatio / r.payCutFrom, r.payLeapFrom / payRatio) * (payRatio >= 1 ? 1 + r.payRiseBonus : 1);
  const size = jobsThousands === null || jobsThousands <= 0 ? 1 : (jobsThousands / 100) ** r.jobsPower;
  return structural * pay * size;
}

import type { Edition } from '../../domain/editions.js';
import { RIASEC } from '../../domain/work-profile.js';
import {
  onetOccupationsOf,
  onetSoc2010Of,
  onetSoc2018SiblingsOf,
  onetSoc2019SuccessorsOf,
  scoresOf,
  usSocLinksOfIscoGroups,
} from '../../store/work-profile.js';
import type { Db } from '../../store/schema.js';
import type { IscoShare } from '../occupations/isco-groups.js';

/** An occupation on the chain (US SOC 2010, O*NET-SOC 2010 or 2019), with the share of the UK occupation's weight it carries. */
interface WeightedOccupation {
  code: string;
  title: string;
  weight: number;
}

/**
 * Weight that reached no rated O*NET occupation, and where it stopped: a US SOC 2010 code that
 * O*NET-SOC 2010 does not list (`not-in-onet-2010`), an O*NET-SOC 2010 occupation the 2010 to
 * 2019 crosswalk carries nowhere (`not-carried`), or an O*NET-SOC 2019 occupation O*NET publishes
 * no interest ratings for (`unrated`: residual "All Other" and military occupations).
 */
export interface Unmatched extends WeightedOccupation {
  why: 'not-in-onet-2010' | 'not-carried' | 'unrated';
  /** For `unrated`: O*NET-SOC 2019 occupations O*NET does rate in the same 2018 SOC occupation, which are not used in its place. */
  ratedInSameSoc2018?: string[];
}

/** What the chain SOC 2020 -> ISCO-08 -> US SOC 2010 -> O*NET-SOC 2010 -> O*NET-SOC 2019 reached for one unit group. */
export interface WorkProfileChain {
  shares: IscoShare[];
  /** ISCO-08 groups the crosswalk pairs with no US occupation, with their weight. */
  unpairedIsco: IscoShare[];
  matched: WeightedOccupation[];
  unmatched: Unmatched[];
  /** Share of the weight (0 to 1) that reached rated O*NET occupations. */
  matchedShare: number;
  /** O*NET-SOC 2010 occupations on the chain that the crosswalk splits between several 2019 occupations. */
  splits: number;
  /** O*NET-SOC 2019 occupations on the chain that several O*NET-SOC 2010 occupations merge into. */
  merges: number;
}

export interface ChainEditions {
  crosswalk: Edition;
  onet2010: Edition;
  onet2019: Edition;
  soc2018: Edition;
  onetOccupations: Edition;
  interests: Edition;
}

/**
 * Follows the chain for the ISCO-08 shares of one unit group. No crosswalk on it gives
 * employment weights, so at each step an occupation's weight is shared equally by the rows that
 * continue it, and weights arriving by several rows add up; none are invented.
 */
export async function followChain(db: Db, shares: IscoShare[], editions: ChainEditions): Promise<WorkProfileChain> {
  const links = await usSocLinksOfIscoGroups(
    db,
    editions.crosswalk.id,
    shares.map((s) => s.isco08),
  );
  const us = new Map<string, WeightedOccupation>();
  const unpairedIsco: IscoShare[] = [];
  for (const share of shares) {
    const paired = links.filter((l) => l.isco08 === share.isco08);
    if (paired.length === 0) unpairedIsco.push(share);
    for (const link of paired) addWeight(us, link.usSoc2010, link.usSocTitle, share.share / paired.length);
  }

  // US SOC 2010 -> its O*NET-SOC 2010 occupations (O*NET's 2010 taxonomy) -> their O*NET-SOC
  // 2019 successors (O*NET's crosswalk, many-to-many); no six-digit code is assumed unchanged.
  const onet2010 = await onetSoc2010Of(db, editions.onet2010.id, [...us.keys()]);
  const successors = await onetSoc2019SuccessorsOf(
    db,
    editions.onet2019.id,
    onet2010.map((l) => l.onetSoc2010),
  );
  const reached = new Map<string, WeightedOccupation>();
  const unmatched: Unmatched[] = [];
  const sources = new Map<string, Set<string>>();
  let splits = 0;
  for (const usOccupation of us.values()) {
    const under = onet2010.filter((l) => l.usSoc2010 === usOccupation.code);
    if (under.length === 0) unmatched.push({ ...usOccupation, why: 'not-in-onet-2010' });
    for (const occupation2010 of under) {
      const weight = usOccupation.weight / under.length;
      const next = successors.filter((s) => s.onetSoc2010 === occupation2010.onetSoc2010);
      if (next.length === 0)
        unmatched.push({
          code: occupation2010.onetSoc2010,
          title: occupation2010.onetTitle,
          weight,
          why: 'not-carried',
        });
      if (next.length > 1) splits++;
      for (const successor of next) {
        addWeight(reached, successor.onetSoc2019, successor.onetSoc2019Title, weight / next.length);
        sources.set(
          successor.onetSoc2019,
          (sources.get(successor.onetSoc2019) ?? new Set()).add(occupation2010.onetSoc2010),
        );
      }
    }
  }

  const codes = [...reached.keys()];
  const [ratings, titles] = await Promise.all([
    scoresOf(db, editions.interests.id, codes),
    onetOccupationsOf(db, editions.onetOccupations.id, codes),
  ]);
  const isRated = (code: string) => (ratings.get(code)?.length ?? 0) === RIASEC.length;
  const matched: WeightedOccupation[] = [];
  const unrated: Unmatched[] = [];
  for (const occupation of reached.values()) {
    // Titles as the ratings' own database release names them.
    const title = titles.find((t) => t.code === occupation.code)?.title ?? occupation.title;
    if (isRated(occupation.code)) matched.push({ ...occupation, title });
    else unrated.push({ ...occupation, title, why: 'unrated' });
  }
  await ratedInSameSoc2018(db, unrated, editions);

  const byWeight = <T extends { weight: number; code: string }>(a: T, b: T) =>
    b.weight - a.weight || a.code.localeCompare(b.code);
  const matchedList = matched.sort(byWeight);
  return {
    shares,
    unpairedIsco,
    matched: matchedList,
    unmatched: [...unmatched, ...unrated].sort(byWeight),
    matchedShare: matchedList.reduce((sum, m) => sum + m.weight, 0),
    splits,
    merges: [...sources.values()].filter((from) => from.size > 1).length,
  };
}

/**
 * Names, for each unrated O*NET-SOC 2019 occupation, the rated ones in its 2018 SOC occupation
 * (O*NET's 2019 to 2018 SOC crosswalk): a residual "All Other" code is not stood in for by the
 * few specific occupations O*NET details under it, but the reader is told they exist.
 */
async function ratedInSameSoc2018(db: Db, unrated: Unmatched[], editions: ChainEditions): Promise<void> {
  const family = await onetSoc2018SiblingsOf(
    db,
    editions.soc2018.id,
    unrated.map((u) => u.code),
  );
  const ratings = await scoresOf(
    db,
    editions.interests.id,
    family.map((f) => f.onetSoc2019),
  );
  for (const occupation of unrated) {
    const soc2018 = family.find((f) => f.onetSoc2019 === occupation.code)?.usSoc2018;
    occupation.ratedInSameSoc2018 = family
      .filter((f) => f.usSoc2018 === soc2018 && f.onetSoc2019 !== occupation.code && ratings.has(f.onetSoc2019))
      .map((f) => f.onetSoc2019);
  }
}

/** Adds `weight` to the occupation `code` of a chain step, creating it on first arrival. */
function addWeight(step: Map<string, WeightedOccupation>, code: string, title: string, weight: number): void {
  const entry = step.get(code) ?? { code, title, weight: 0 };
  entry.weight += weight;
  step.set(code, entry);
}

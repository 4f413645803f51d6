import type { Edition } from '../domain/editions.js';
import { Problem } from '../domain/problems.js';
import { RIASEC } from '../domain/work-profile.js';
import type { WorkProfileResponse } from '../schemas/work-profile.js';
import { onetOccupationsUnder, onetSoc2010Of, scoresOf, usSocLinksOfIscoGroups } from '../store/onet.js';
import type { Db } from '../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions } from './current-editions.js';
import { describeIscoShares, iscoSharesOf, type IscoShare } from './isco-groups.js';
import type { Occupations } from './occupations.js';

/**
 * Below this share of the occupation's ISCO-08 weight reaching rated US occupations, no profile
 * is served: an average of the few US occupations that matched would describe other work (for
 * 2134 programmers, 1.6% of the weight reaches graphic designers and multimedia artists, while
 * every software code changed in the 2018 US SOC revision).
 */
export const MIN_MATCHED_SHARE = 0.5;

/** The chain's sources: the BLS crosswalk, O*NET's taxonomies and its ratings. */
const ISCO_US_SOC = 'isco-us-soc-crosswalk';
const ONET_SOC_2010 = 'onet-soc-2010-crosswalk';
const ONET_OCCUPATIONS = 'onet-occupations';
const ONET_INTERESTS = 'onet-interests';
const ONET_ABILITIES = 'onet-abilities';

/** A US SOC 2010 occupation on the chain, with the share of the UK occupation's weight it carries. */
interface UsOccupationShare {
  code: string;
  title: string;
  weight: number;
}

/**
 * A US SOC 2010 occupation that reached no rated O*NET occupation, and why: its code is not in
 * O*NET-SOC 2019 though O*NET-SOC 2010 had it (`changed` in the 2018 US SOC revision), it is in
 * O*NET-SOC 2019 without interest ratings (`unrated`: residual "All Other" and military codes), or
 * neither taxonomy knows it (`unknown`).
 */
interface Unmatched extends UsOccupationShare {
  why: 'changed' | 'unrated' | 'unknown';
}

interface MatchedOnetOccupation {
  code: string;
  title: string;
  weight: number;
}

/** What the chain SOC 2020 -> ISCO-08 -> US SOC 2010 -> O*NET-SOC 2019 reached for one unit group. */
export interface WorkProfileChain {
  shares: IscoShare[];
  /** ISCO-08 groups the crosswalk pairs with no US occupation, with their weight. */
  unpairedIsco: IscoShare[];
  matched: MatchedOnetOccupation[];
  unmatched: Unmatched[];
  /** Share of the weight (0 to 1) that reached rated O*NET occupations. */
  matchedShare: number;
}

/**
 * The work profile of a SOC 2020 unit group: O*NET's RIASEC interest ratings of the US occupations
 * that correspond to it, averaged with the weight each carries along the chain.
 */
export class WorkProfiles {
  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
  ) {}

  async workProfile(soc: string): Promise<WorkProfileResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const index = await this.codingIndex.get();
    if (!index) throw this.current.unavailable(CODING_INDEX, 'Work profiles (joined through the ISCO-08 codes of the coding index)');
    const [crosswalk, onet2010, onetOccupations, interests] = await Promise.all([
      this.edition(ISCO_US_SOC),
      this.edition(ONET_SOC_2010),
      this.edition(ONET_OCCUPATIONS),
      this.edition(ONET_INTERESTS),
    ]);
    const abilities = await this.current.latest(ONET_ABILITIES);
    const served = this.current.served(interests);

    const chain = await this.chain(iscoSharesOf(index.byUnitGroup.get(soc) ?? []), { crosswalk, onet2010, onetOccupations, interests });
    if (chain.matched.length === 0) {
      throw new Problem('figure-not-found', `No work profile for ${soc} (${unit.title}): none of the US occupations it corresponds to through ISCO-08 has O*NET interest ratings. ${describeGaps(chain)}`);
    }
    if (chain.matchedShare < MIN_MATCHED_SHARE) {
      throw new Problem(
        'figure-not-found',
        `No work profile for ${soc} (${unit.title}): only ${percent(chain.matchedShare)} of its ISCO-08 weight reaches US occupations with O*NET interest ratings (at least ${percent(MIN_MATCHED_SHARE)} is needed for the average to describe the occupation). ${describeGaps(chain)}`,
      );
    }

    const ratings = await scoresOf(this.db, interests.id, chain.matched.map((m) => m.code));
    const scores = RIASEC.map((interest) => ({
      interest,
      score: chain.matched.reduce((sum, m) => sum + (m.weight / chain.matchedShare) * ratings.get(m.code)!.find((r) => r.elementId === interest.elementId)!.value, 0),
    }));
    const ranked = [...scores].sort((a, b) => b.score - a.score);

    return {
      soc2020: soc,
      title: unit.title,
      hollandCode: ranked.slice(0, 3).map((s) => s.interest.letter).join(''),
      interests: ranked.map((s) => ({ type: s.interest.type, letter: s.interest.letter, score: round(s.score, 2), meaning: s.interest.meaning })),
      abilities: abilities ? await this.abilities(abilities, chain) : [],
      basedOn: chain.matched.map((m) => ({ code: m.code, title: m.title, weightPercent: round((100 * m.weight) / chain.matchedShare, 1) })),
      derivation: derivation(soc, chain, crosswalk, abilities),
      attribution: served.source.attribution,
      provenance: served.provenance,
    };
  }

  /** Follows the chain for the ISCO-08 shares of one unit group. */
  async chain(
    shares: IscoShare[],
    editions: { crosswalk: Edition; onet2010: Edition; onetOccupations: Edition; interests: Edition },
  ): Promise<WorkProfileChain> {
    const links = await usSocLinksOfIscoGroups(this.db, editions.crosswalk.id, shares.map((s) => s.isco08));
    // Each ISCO-08 group's weight is shared equally by the US occupations BLS pairs it with: the
    // crosswalk gives no employment weights, and none are invented.
    const us = new Map<string, UsOccupationShare>();
    const unpairedIsco: IscoShare[] = [];
    for (const share of shares) {
      const paired = links.filter((l) => l.isco08 === share.isco08);
      if (paired.length === 0) unpairedIsco.push(share);
      for (const link of paired) {
        const entry = us.get(link.usSoc2010) ?? { code: link.usSoc2010, title: link.usSocTitle, weight: 0 };
        entry.weight += share.share / paired.length;
        us.set(link.usSoc2010, entry);
      }
    }

    const usCodes = [...us.keys()];
    const onetOccupations = await onetOccupationsUnder(this.db, editions.onetOccupations.id, usCodes);
    const ratings = await scoresOf(this.db, editions.interests.id, onetOccupations.map((o) => o.code));
    const rated = onetOccupations.filter((o) => (ratings.get(o.code)?.length ?? 0) === RIASEC.length);
    const unratedCodes = usCodes.filter((code) => !rated.some((o) => o.code.startsWith(`${code}.`)));
    const onet2010 = await onetSoc2010Of(this.db, editions.onet2010.id, unratedCodes.filter((code) => !onetOccupations.some((o) => o.code.startsWith(`${code}.`))));

    const matched = new Map<string, MatchedOnetOccupation>();
    const unmatched: Unmatched[] = [];
    for (const usOccupation of us.values()) {
      const under = rated.filter((o) => o.code.startsWith(`${usOccupation.code}.`));
      if (under.length > 0) {
        for (const o of under) {
          const entry = matched.get(o.code) ?? { code: o.code, title: o.title, weight: 0 };
          entry.weight += usOccupation.weight / under.length;
          matched.set(o.code, entry);
        }
        continue;
      }
      const inTaxonomy = onetOccupations.some((o) => o.code.startsWith(`${usOccupation.code}.`));
      const in2010 = onet2010.some((l) => l.usSoc2010 === usOccupation.code);
      unmatched.push({ ...usOccupation, why: inTaxonomy ? 'unrated' : in2010 ? 'changed' : 'unknown' });
    }

    const byWeight = <T extends { weight: number; code: string }>(a: T, b: T) => b.weight - a.weight || a.code.localeCompare(b.code);
    const matchedList = [...matched.values()].sort(byWeight);
    return {
      shares,
      unpairedIsco,
      matched: matchedList,
      unmatched: unmatched.sort(byWeight),
      matchedShare: matchedList.reduce((sum, m) => sum + m.weight, 0),
    };
  }

  private async abilities(edition: Edition, chain: WorkProfileChain): Promise<WorkProfileResponse['abilities']> {
    const ratings = await scoresOf(this.db, edition.id, chain.matched.map((m) => m.code));
    const rated = chain.matched.filter((m) => ratings.has(m.code));
    const total = rated.reduce((sum, m) => sum + m.weight, 0);
    if (rated.length === 0) return [];
    const byAbility = new Map<string, { ability: string; sum: number; weight: number }>();
    for (const m of rated) {
      for (const r of ratings.get(m.code)!) {
        const entry = byAbility.get(r.elementId) ?? { ability: r.elementName, sum: 0, weight: 0 };
        entry.sum += (m.weight / total) * r.value;
        entry.weight += m.weight / total;
        byAbility.set(r.elementId, entry);
      }
    }
    return [...byAbility.values()]
      .map((a) => ({ ability: a.ability, importance: a.sum / a.weight }))
      .sort((a, b) => b.importance - a.importance || a.ability.localeCompare(b.ability))
      .map((a) => ({ ability: a.ability, importance: round(a.importance, 2) }));
  }

  private async edition(sourceKey: string): Promise<Edition> {
    return (await this.current.serving(sourceKey, 'Work profiles')).edition;
  }
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function percent(share: number): string {
  return `${round(share * 100, 1)}%`;
}

const GAP_KINDS: Array<{ why: Unmatched['why']; text: string }> = [
  { why: 'changed', text: 'not in O*NET-SOC 2019 though O*NET-SOC 2010 had them: their codes changed in the 2018 US SOC revision, and without the BLS 2010-to-2018 crosswalk they are not followed' },
  { why: 'unrated', text: 'in O*NET-SOC 2019, but O*NET publishes no interest ratings for them' },
  { why: 'unknown', text: 'in neither O*NET-SOC 2019 nor O*NET-SOC 2010' },
];

/** The parts of the chain that reached no rated occupation, by reason, largest weight first. */
function describeGaps(chain: WorkProfileChain, max = 8): string {
  const list = (items: Array<{ label: string; weight: number }>) => {
    const rest = items.slice(max);
    const more = rest.length > 0 ? ` and ${rest.length} more (${percent(rest.reduce((sum, i) => sum + i.weight, 0))})` : '';
    return `${items.slice(0, max).map((i) => `${i.label} (${percent(i.weight)})`).join(', ')}${more}`;
  };
  const parts = GAP_KINDS.flatMap(({ why, text }) => {
    const items = chain.unmatched.filter((u) => u.why === why).map((u) => ({ label: `${u.code} ${u.title}`, weight: u.weight }));
    return items.length > 0 ? [`US SOC 2010 occupations ${text}: ${list(items)}`] : [];
  });
  if (chain.unpairedIsco.length > 0) {
    parts.push(`ISCO-08 groups the BLS crosswalk pairs with no US occupation: ${list(chain.unpairedIsco.map((s) => ({ label: s.isco08, weight: s.share })))}`);
  }
  return parts.length === 0 ? 'Every US occupation on the chain was matched.' : `Not matched: ${parts.join('. ')}.`;
}

function derivation(soc: string, chain: WorkProfileChain, crosswalk: Edition, abilities: Edition | null): string {
  return [
    `Derived from a US occupational database, not measured for UK jobs.`,
    `The ONS coding index maps the job titles of ${soc} to ISCO-08 group${chain.shares.length > 1 ? 's' : ''} ${describeIscoShares(chain.shares)}, each weighted by its share of those titles.`,
    `The BLS crosswalk (${crosswalk.label}) pairs each ISCO-08 group with US SOC 2010 occupations, which share the group's weight equally (it gives no employment weights).`,
    `Each US SOC 2010 code is matched to the O*NET-SOC 2019 occupations with the same six-digit code that O*NET rates, which share its weight equally; codes that changed in the 2018 US SOC revision are not guessed at.`,
    `${percent(chain.matchedShare)} of the weight reached rated occupations and is rescaled to 100% in basedOn. ${describeGaps(chain)}`,
    `Interest scores are the weighted averages of O*NET's occupational interest ratings (1 to 7); the Holland code is the letters of the three highest.`,
    abilities
      ? `Ability importance (1 to 5) is averaged the same way over the matched occupations O*NET rates for abilities (${abilities.label}).`
      : `Abilities are empty: no release of O*NET's Abilities file is available to the service (source \`${ONET_ABILITIES}\` has no edition).`,
  ].join(' ');
}

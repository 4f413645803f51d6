import type { Edition } from '../domain/editions.js';
import { Problem } from '../domain/problems.js';
import { RIASEC } from '../domain/work-profile.js';
import type { WorkProfileResponse } from '../schemas/work-profile.js';
import { allOnetOccupations, scoresOf } from '../store/work-profile.js';
import type { Db } from '../store/schema.js';
import { CODING_INDEX, type CodingIndexCache } from './coding-index.js';
import type { CurrentEditions } from './current-editions.js';
import { describeIscoShares, iscoSharesOf } from './isco-groups.js';
import { OnetCloseness, WORK_PROFILE, type CloseOccupation } from './joins/onet-closeness.js';
import type { UnitGroupTexts } from './joins/unit-group-text.js';
import type { Occupations } from './occupations.js';
import { followChain, type ChainEditions, type Unmatched, type WorkProfileChain } from './work-profile-chain.js';
import type { SourceKey } from '../domain/sources.js';

/**
 * Below this share of the occupation's ISCO-08 weight reaching rated O*NET occupations, no profile
 * is served: an average of the few occupations that matched would describe other work (for 9222
 * street cleaners, all the weight reaches 37-3019.00 Grounds Maintenance Workers, All Other, which
 * O*NET does not rate; before the 2010 to 2019 crosswalk was followed, 2134 programmers had only
 * 1.6% matched, to graphic designers and multimedia artists).
 */
export const MIN_MATCHED_SHARE = 0.5;

/** The chain's sources: the BLS crosswalk, O*NET's taxonomies and crosswalks, and its ratings. */
const ISCO_US_SOC = 'isco-us-soc-crosswalk';
const ONET_SOC_2010 = 'onet-soc-2010-crosswalk';
const ONET_SOC_2019 = 'onet-soc-2019-crosswalk';
const ONET_SOC_2018 = 'onet-soc-2018-crosswalk';
const ONET_OCCUPATIONS = 'onet-occupations';
const ONET_INTERESTS = 'onet-interests';
const ONET_ABILITIES = 'onet-abilities';

/**
 * The work profile of a SOC 2020 unit group: O*NET's RIASEC interest ratings of the US occupations
 * that correspond to it, averaged with the weight each carries along the chain times how closely
 * its title matches the unit group (joins/onet-closeness.ts).
 */
export class WorkProfile {
  private closeness: { key: string; model: Promise<OnetCloseness> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
    private readonly unitGroupTexts: UnitGroupTexts,
  ) {}

  /** Built once per (unit-group texts, O*NET occupations) editions. */
  private async onetCloseness(onetOccupations: Edition): Promise<OnetCloseness> {
    const texts = await this.unitGroupTexts.get();
    if (!texts)
      throw this.current.unavailable(
        CODING_INDEX,
        'Work profiles (joined through the ISCO-08 codes of the coding index)',
      );
    const key = `${texts.key}|${onetOccupations.id}`;
    if (this.closeness?.key !== key) {
      const byUnitGroup = texts.codingIndex.byUnitGroup;
      this.closeness = {
        key,
        model: allOnetOccupations(this.db, onetOccupations.id).then(
          (all) => new OnetCloseness(texts.bags, all, (soc) => byUnitGroup.get(soc) ?? []),
          (error: unknown) => {
            this.closeness = null; // a failed read is retried by the next request
            throw error;
          },
        ),
      };
    }
    return this.closeness.model;
  }

  async workProfile(soc: string): Promise<WorkProfileResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const index = await this.codingIndex.get();
    if (!index)
      throw this.current.unavailable(
        CODING_INDEX,
        'Work profiles (joined through the ISCO-08 codes of the coding index)',
      );
    const [crosswalk, onet2010, onet2019, soc2018, onetOccupations, interests] = (await Promise.all(
      ([ISCO_US_SOC, ONET_SOC_2010, ONET_SOC_2019, ONET_SOC_2018, ONET_OCCUPATIONS, ONET_INTERESTS] as const).map(
        (key) => this.edition(key),
      ),
    )) as [Edition, Edition, Edition, Edition, Edition, Edition];
    const abilities = await this.current.latest(ONET_ABILITIES);
    const served = this.current.served(interests);

    const chain = await followChain(this.db, iscoSharesOf(index.byUnitGroup.get(soc) ?? []), {
      crosswalk,
      onet2010,
      onet2019,
      soc2018,
      onetOccupations,
      interests,
    });
    if (chain.matched.length === 0) {
      throw new Problem(
        'figure-not-found',
        `No work profile for ${soc} (${unit.title}): none of the US occupations it corresponds to through ISCO-08 has O*NET interest ratings. ${describeGaps(chain)}`,
      );
    }
    if (chain.matchedShare < MIN_MATCHED_SHARE) {
      throw new Problem(
        'figure-not-found',
        `No work profile for ${soc} (${unit.title}): only ${percent(chain.matchedShare)} of its ISCO-08 weight reaches US occupations with O*NET interest ratings (at least ${percent(MIN_MATCHED_SHARE)} is needed for the average to describe the occupation). ${describeGaps(chain)}`,
      );
    }

    const weighted = (await this.onetCloseness(onetOccupations)).reweight(soc, chain.matched);
    const ratings = await scoresOf(
      this.db,
      interests.id,
      weighted.map((m) => m.code),
    );
    const scores = RIASEC.map((interest) => ({
      interest,
      score: weighted.reduce(
        (sum, m) => sum + m.weight * ratings.get(m.code)!.find((r) => r.elementId === interest.elementId)!.value,
        0,
      ),
    }));
    const ranked = [...scores].sort((a, b) => b.score - a.score);

    return {
      soc2020: soc,
      title: unit.title,
      hollandCode: ranked
        .slice(0, 3)
        .map((s) => s.interest.letter)
        .join(''),
      interests: ranked.map((s) => ({
        type: s.interest.type,
        letter: s.interest.letter,
        score: round(s.score, 2),
        meaning: s.interest.meaning,
      })),
      abilities: abilities ? await this.abilities(abilities, weighted) : [],
      basedOn: weighted.map((m) => ({
        code: m.code,
        title: m.title,
        weightPercent: round(100 * m.weight, 1),
        chainWeightPercent: round(100 * m.chainWeight, 1),
        closeness: round(m.closeness, 3),
      })),
      derivation: derivation(soc, chain, weighted, { crosswalk, onet2010, onet2019, soc2018 }, abilities),
      attribution: served.source.attribution,
      provenance: served.provenance,
    };
  }

  private async abilities(
    edition: Edition,
    weighted: readonly CloseOccupation[],
  ): Promise<WorkProfileResponse['abilities']> {
    const ratings = await scoresOf(
      this.db,
      edition.id,
      weighted.map((m) => m.code),
    );
    const rated = weighted.filter((m) => ratings.has(m.code));
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

  private async edition(sourceKey: SourceKey): Promise<Edition> {
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

function describeDropped(dropped: number): string {
  return dropped > 0
    ? `${dropped} occupation${dropped === 1 ? '' : 's'} under ${WORK_PROFILE.keep * 100}% of the largest closeness ${dropped === 1 ? 'is' : 'are'} left out. `
    : `None is under ${WORK_PROFILE.keep * 100}% of the largest closeness, so none is left out. `;
}

const GAP_KINDS: Array<{ why: Unmatched['why']; text: string }> = [
  {
    why: 'unrated',
    text: 'O*NET-SOC 2019 occupations O*NET publishes no interest ratings for (residual "All Other" and military occupations)',
  },
  { why: 'not-in-onet-2010', text: 'US SOC 2010 occupations O*NET-SOC 2010 does not list' },
  {
    why: 'not-carried',
    text: 'O*NET-SOC 2010 occupations the 2010 to 2019 crosswalk carries to no O*NET-SOC 2019 occupation',
  },
];

/** The parts of the chain that reached no rated occupation, by reason, largest weight first. */
function describeGaps(chain: WorkProfileChain, max = 8): string {
  const list = (items: Array<{ label: string; weight: number }>) => {
    const rest = items.slice(max);
    const more =
      rest.length > 0 ? ` and ${rest.length} more (${percent(rest.reduce((sum, i) => sum + i.weight, 0))})` : '';
    return `${items
      .slice(0, max)
      .map((i) => `${i.label} (${percent(i.weight)})`)
      .join(', ')}${more}`;
  };
  const label = (u: Unmatched) =>
    `${u.code} ${u.title}${u.ratedInSameSoc2018 && u.ratedInSameSoc2018.length > 0 ? `, whose 2018 SOC occupation O*NET rates only through ${u.ratedInSameSoc2018.join(', ')}, not used in its place` : ''}`;
  const parts = GAP_KINDS.flatMap(({ why, text }) => {
    const items = chain.unmatched.filter((u) => u.why === why).map((u) => ({ label: label(u), weight: u.weight }));
    return items.length > 0 ? [`${text}: ${list(items)}`] : [];
  });
  if (chain.unpairedIsco.length > 0) {
    parts.push(
      `ISCO-08 groups the BLS crosswalk pairs with no US occupation: ${list(chain.unpairedIsco.map((s) => ({ label: s.isco08, weight: s.share })))}`,
    );
  }
  return parts.length === 0 ? 'Every occupation on the chain was matched.' : `Not matched: ${parts.join('. ')}.`;
}

function derivation(
  soc: string,
  chain: WorkProfileChain,
  weighted: readonly CloseOccupation[],
  editions: Pick<ChainEditions, 'crosswalk' | 'onet2010' | 'onet2019' | 'soc2018'>,
  abilities: Edition | null,
): string {
  const rows = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    `Derived from a US occupational database, not measured for UK jobs.`,
    `The ONS coding index maps the job titles of ${soc} to ISCO-08 group${chain.shares.length > 1 ? 's' : ''} ${describeIscoShares(chain.shares)}, each weighted by its share of those titles.`,
    `The BLS crosswalk (${editions.crosswalk.label}) pairs each ISCO-08 group with US SOC 2010 occupations, which share the group's weight equally (no crosswalk on the chain gives employment weights, and none are invented).`,
    `O*NET's 2010 taxonomy (${editions.onet2010.label}) divides each US SOC 2010 occupation into its O*NET-SOC 2010 occupations, which share its weight equally.`,
    `O*NET's crosswalk (${editions.onet2019.label}) carries each O*NET-SOC 2010 occupation to its O*NET-SOC 2019 successors, keeping every row: a split occupation's weight is shared equally by its successors (${rows(chain.splits, 'split', 'splits')} on this chain), and a successor several occupations merge into adds up their weights (${rows(chain.merges, 'merger', 'mergers')}). No US SOC 2010 code is assumed to be its 2018 successor's.`,
    `An O*NET-SOC 2019 occupation without interest ratings is left unmatched, not replaced by the rated occupations O*NET details in the same 2018 SOC occupation (${editions.soc2018.label}).`,
    `${percent(chain.matchedShare)} of the weight reached rated occupations (chainWeightPercent in basedOn, rescaled to 100%). ${describeGaps(chain)}`,
    `The crosswalks say which US occupations correspond, not how much of ${soc} each is, so each rated occupation's weight is its chain weight times the cube of its closeness to ${soc} relative to the closest (power ${WORK_PROFILE.power}): closeness is the TF-IDF cosine of its O*NET title with the unit group's Volume 1 title, description, tasks and related titles and its coding-index titles, plus ${WORK_PROFILE.titleBonus} when the O*NET title is one of those coding-index titles (O*NET's occupation descriptions and tasks are not held, so titles alone stand for the US occupations). ${describeDropped(chain.matched.length - weighted.length)}weightPercent is the rescaled result used in every average.`,
    `Interest scores are the weighted averages of O*NET's occupational interest ratings (1 to 7); the Holland code is the letters of the three highest.`,
    abilities
      ? `Ability importance (1 to 5) is averaged the same way over the matched occupations O*NET rates for abilities (${abilities.label}).`
      : `Abilities are empty: no release of O*NET's Abilities file is available to the service (source \`${ONET_ABILITIES}\` has no edition).`,
  ].join(' ');
}

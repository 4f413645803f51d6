import { threadId } from 'node:worker_threads';
import type { Edition } from '../../domain/editions.js';
import { Problem } from '../../domain/problems.js';
import { RIASEC, type OnetOccupation } from '../../domain/work-profile.js';
import type { WorkProfileResponse } from '../../schemas/work-profile.js';
import { allOnetOccupations, scoresOf } from '../../store/work-profile.js';
import type { Db } from '../../store/schema.js';
import { CODING_INDEX, searchData, type CodingIndexCache, type SearchInput } from '../occupations/coding-index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';
import { offThread, type BuildRunner } from '../off-thread.js';
import { describeIscoShares, iscoSharesOf } from '../occupations/isco-groups.js';
import { OnetCloseness } from './onet-closeness.js';
import { blendTwins, excludingTitles, ownTwins, type OwnTwin, type ProfileOccupation } from './onet-twins.js';
import type { UnitGroupTexts } from '../occupations/unit-group-text.js';
import type { Occupations } from '../occupations/index.js';
import { followChain, type ChainEditions, type Unmatched, type WorkProfileChain } from './crosswalk-chain.js';
import type { SourceKey } from '../../domain/sources.js';
import { TitleIndex } from '../../search/title-index.js';

/**
 * Below this share of the occupation's ISCO-08 weight reaching rated O*NET occupations, no profile
 * is served: an average of the few occupations that matched would describe other work (for 9222
 * street cleaners, all the weight reaches 37-3019.00 Grounds Maintenance Workers, All Other, which
 * O*NET does not rate; before the 2010 to 2019 crosswalk was followed, 2134 programmers had only
 * 1.6% matched, to graphic designers and multimedia artists).
 */
export const MIN_MATCHED_SHARE = 0.5;

/** Where the docs explain the weights in full. */
const WORK_PROFILE_METHOD = '/docs/methods/work-profile.md#how-the-profile-is-made';

/** The chain's sources: the BLS crosswalk, O*NET's taxonomies and crosswalks, and its ratings. */
const ISCO_US_SOC = 'isco-us-soc-crosswalk';
const ONET_SOC_2010 = 'onet-soc-2010-crosswalk';
const ONET_SOC_2019 = 'onet-soc-2019-crosswalk';
const ONET_SOC_2018 = 'onet-soc-2018-crosswalk';
const ONET_OCCUPATIONS = 'onet-occupations' as const;
const ONET_INTERESTS = 'onet-interests' as const;

/** What a work profile's 404 names when there is no coding index. */
const JOINED = 'Work profiles (joined through the ISCO-08 codes of the coding index)';
const ONET_ABILITIES = 'onet-abilities';

/**
 * The work profile of a SOC 2020 unit group: O*NET's RIASEC interest ratings of the US occupations
 * that correspond to it, averaged with the weight each carries along the chain times how closely
 * its title matches the unit group (joins/onet-closeness.ts).
 */
export class WorkProfile {
  /** Built once per (unit-group texts, job-title search, O*NET occupations, interests) editions. */
  readonly model: EditionsMemo<WeightingModel>;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
    private readonly occupations: Occupations,
    private readonly unitGroupTexts: UnitGroupTexts,
    private readonly runBuild: BuildRunner = offThread,
  ) {
    this.model = current.memos.memo({
      name: 'work-profile twins',
      sources: [ONET_OCCUPATIONS, ONET_INTERESTS],
      reads: [unitGroupTexts.memo, codingIndex.searchMemo],
      warm: true,
      build: async (editions) => {
        const [texts, index] = await Promise.all([this.unitGroupTexts.get(), this.codingIndex.search()]);
        if (!texts || !index) throw this.current.unavailable(CODING_INDEX, JOINED);
        const [onetOccupations, interests] = [ONET_OCCUPATIONS, ONET_INTERESTS].map((key) => {
          const edition = editions[key];
          if (!edition) throw this.current.unavailable(key, 'Work profiles');
          return edition;
        });
        const byUnitGroup = texts.codingIndex.byUnitGroup;
        return buildModel(this.db, onetOccupations!, interests!, async (all) => {
          // Seconds of CPU searching every O*NET title: in a worker thread, over the same search built there.
          const input: TwinsInput = { search: index.input, occupations: all };
          const twins = await this.runBuild<TwinsBuilt>(import.meta.url, 'searchTwins', input);
          return {
            closeness: new OnetCloseness(texts.bags, all, (soc) => byUnitGroup.get(soc) ?? []),
            twins: twins.twins,
            excluding: twins.excluding,
            twinsBuiltInThread: twins.threadId,
          };
        });
      },
    });
  }

  async workProfile(soc: string): Promise<WorkProfileResponse> {
    const unit = await this.occupations.unitGroup(soc);
    const index = await this.codingIndex.get();
    if (!index) throw this.current.unavailable(CODING_INDEX, JOINED);
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

    const model = await this.model.get();
    // A chain occupation whose title excludes this group is other work; kept only were it all the chain has.
    const excluded = model.excluding.get(soc);
    const kept = chain.matched.filter((m) => !excluded?.has(m.code));
    const weighted = blendTwins(
      model.closeness.reweight(soc, kept.length > 0 ? kept : chain.matched),
      model.twins.get(soc) ?? [],
      (twin) => model.closeness.closeness(soc, twin),
    );
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
        titleEvidence: round(m.titleEvidence, 3),
      })),
      derivation: derivation(unit.title, weighted, abilities),
      method: WORK_PROFILE_METHOD,
      chain: describeChain(soc, chain, { crosswalk, onet2010, onet2019, soc2018 }),
      attribution: served.source.attribution,
      provenance: served.provenance,
    };
  }

  private async abilities(
    edition: Edition,
    weighted: readonly ProfileOccupation[],
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

interface WeightingModel {
  closeness: OnetCloseness;
  twins: Map<string, OwnTwin[]>;
  /** Unit group -> the O*NET codes whose titles exclude it (excludingTitles). */
  excluding: Map<string, Set<string>>;
  /** The thread the twins were found in (`worker_threads.threadId`; the serving thread's is 0). */
  twinsBuiltInThread: number;
}

/** What the twins are found from (plain data: it crosses to a worker thread). */
interface TwinsInput {
  search: SearchInput;
  occupations: OnetOccupation[];
}

interface TwinsBuilt {
  twins: Map<string, OwnTwin[]>;
  excluding: Map<string, Set<string>>;
  threadId: number;
}

/**
 * The unit groups' own twins, over the job-title search built again from its inputs: run in a
 * worker thread by off-thread.ts, which imports it by name.
 * @public
 */
export function searchTwins({ search: input, occupations }: TwinsInput): TwinsBuilt {
  const search = TitleIndex.build(input.index, searchData(input));
  const asked = (title: string, limit: number) => search.search(title, limit, { abstain: false });
  return {
    twins: ownTwins(asked, occupations),
    excluding: excludingTitles(asked, occupations),
    threadId,
  };
}

/** Reads the O*NET occupations that have every interest rating, and builds the model from them. */
async function buildModel(
  db: Db,
  onetOccupations: Edition,
  interests: Edition,
  build: (rated: OnetOccupation[]) => Promise<WeightingModel>,
): Promise<WeightingModel> {
  const all = await allOnetOccupations(db, onetOccupations.id);
  const ratings = await scoresOf(
    db,
    interests.id,
    all.map((o) => o.code),
  );
  return build(all.filter((o) => (ratings.get(o.code)?.length ?? 0) === RIASEC.length));
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function percent(share: number): string {
  return `${round(share * 100, 1)}%`;
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

/** The crosswalk chain in plain words: its ISCO-08 groups and releases, and what reached no rated occupation. */
function describeChain(
  soc: string,
  chain: WorkProfileChain,
  editions: Pick<ChainEditions, 'crosswalk' | 'onet2010' | 'onet2019' | 'soc2018'>,
): string {
  return [
    `The coding index maps the titles of ${soc} to ISCO-08 ${describeIscoShares(chain.shares)}; the BLS crosswalk (${editions.crosswalk.label}), O*NET's 2010 taxonomy (${editions.onet2010.label}) and its 2010 to 2019 crosswalk (${editions.onet2019.label}; ${chain.splits} split, ${chain.merges} merged on this chain) carry them to O*NET-SOC 2019.`,
    `${percent(chain.matchedShare)} of the chain's weight reached occupations O*NET rates.`,
    describeGaps(chain),
  ].join(' ');
}

/** Two plain sentences on what the figures are; the method is at WORK_PROFILE_METHOD. */
function derivation(title: string, weighted: readonly ProfileOccupation[], abilities: Edition | null): string {
  const top = weighted[0]!;
  const n = weighted.length;
  return (
    `Interests${abilities ? ' and abilities' : ''} of ${n} US occupation${n === 1 ? '' : 's'} rated by O*NET, weighted toward those whose titles name ${title.toLowerCase()} (most: ${top.title}, ${percent(top.weight)}). ` +
    `O*NET rates US jobs, so these are derived, not measured for UK jobs${abilities ? '' : '; abilities are empty because no O*NET Abilities release is available'}.`
  );
}

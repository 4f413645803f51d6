/**
 * Work-profile benchmark (issue 35): how often a unit group's work profile gives its largest weight
 * to its own US twin, and how much weight lands on the O*NET occupations NCS coded its profiles
 * to, for the chain alone (before) and with the own twins blended in at several shares. The sets
 * are built from the sources' own fields; bench/README.md ("Work profiles: own twins first")
 * describes them and keeps the figures. It prints why each most-entries and Volume 1 twin does not
 * lead; COMPARE=<part of a row label> lists the leaders that row changes and what each set says.
 *
 *   npm run bench:work-profile     (needs the test templates: npm run test:templates)
 */
import { createServices } from '../src/services.js';
import { blendTwins, ownTwins, OWN_TWINS, type OwnTwin } from '../src/queries/work-profile/onet-twins.js';
import { WORK_PROFILE } from '../src/queries/work-profile/onet-closeness.js';
import { pooledShares } from '../src/queries/occupations/crosswalk-shares.js';
import type { WorkProfileResponse } from '../src/schemas/work-profile.js';
import { exactTitleKey } from '../src/search/exact-title.js';
import { profilesOf } from '../src/store/how-to-become.js';
import { allSocDescriptions } from '../src/store/soc-descriptions.js';
import { soc2010GroupsIntoEach } from '../src/store/soc-crosswalk.js';
import type { TitleMatch } from '../src/search/title-index.js';
import {
  allOnetOccupations,
  onetSoc2010Of,
  onetSoc2019SuccessorsOf,
  scoresOf,
  usSocLinksOfIscoGroups,
} from '../src/store/work-profile.js';
import { testConfig } from '../test/helpers/served-app.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

/** A profile's O*NET code is silver for the unit groups its SOC 2010 code mostly goes to (as bench/joins.ts). */
const NCS_SILVER_SHARE = 0.5;
const SHARES = (process.env.SHARES ?? '0,0.5,0.6,0.7,0.8,0.9,1').split(',').map(Number);
const POWERS = (process.env.POWERS ?? `${OWN_TWINS.power}`).split(',').map(Number);
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

const store = await copyTemplate('sqlite');
const services = createServices(testConfig(store.dataDir), store);
const latest = async (key: Parameters<typeof services.currentEditions.latest>[0]) =>
  (await services.currentEditions.latest(key))!;
const index = (await services.codingIndex.get())!;
const titleSearch = (await services.codingIndex.search())!;

// Every served work profile.
const profiles = new Map<string, WorkProfileResponse>();
for (const soc of [...index.byUnitGroup.keys()].filter((c) => /^\d{4}$/.test(c)).sort()) {
  const profile = await services.workProfile.workProfile(soc).catch(() => null);
  if (profile) profiles.set(soc, profile);
}

// Own twins. An index title's unit groups: where its unqualified entries are coded (strict), or any entry (loose).
const onet = await allOnetOccupations(store.db, (await latest('onet-occupations')).id);
const ratings = await scoresOf(
  store.db,
  (await latest('onet-interests')).id,
  onet.map((o) => o.code),
);
const rated = onet.filter((o) => (ratings.get(o.code)?.length ?? 0) === 6);
const strictGroups = new Map<string, Set<string>>();
const looseGroups = new Map<string, Set<string>>();
for (const [soc, records] of index.byUnitGroup) {
  for (const r of records) {
    const key = exactTitleKey(r.naturalTitle);
    looseGroups.set(key, (looseGroups.get(key) ?? new Set()).add(soc));
    if (r.qualifier === null) strictGroups.set(key, (strictGroups.get(key) ?? new Set()).add(soc));
  }
}
const twinsBy = (groups: Map<string, Set<string>>, alone: boolean) => {
  const out = new Map<string, Set<string>>();
  for (const o of rated) {
    const socs = groups.get(exactTitleKey(o.title));
    if (!socs || (alone && socs.size !== 1)) continue;
    for (const soc of socs) out.set(soc, (out.get(soc) ?? new Set()).add(o.code));
  }
  return out;
};
const strict = twinsBy(strictGroups, true);
// Held out from the method: the unit group's Volume 1 related job titles (the twins are found from the coding index).
const volume1Groups = new Map<string, Set<string>>();
for (const d of await allSocDescriptions(store.db, (await latest('soc2020-descriptions')).id))
  for (const t of d.relatedTitles) {
    const key = exactTitleKey(t);
    volume1Groups.set(key, (volume1Groups.get(key) ?? new Set()).add(d.code));
  }
const volume1 = twinsBy(volume1Groups, false);
// A group with several own twins ("Political scientist", "Historian" and "Geographer" for 2115) is
// led by its own when any of them leads: the strict and Volume 1 titles together.
const ownTitles = new Map<string, Set<string>>();
for (const set of [strict, volume1])
  for (const [soc, codes] of set) ownTitles.set(soc, new Set([...(ownTitles.get(soc) ?? []), ...codes]));
const loose = twinsBy(looseGroups, false);
// Loose, where the unit group holds the most of the title's coding-index entries (ties all kept):
// "Machinist", qualified by industry in 21 groups, counts for the group with the most entries only.
const entries = new Map<string, Map<string, number>>();
for (const [soc, records] of index.byUnitGroup)
  for (const r of records) {
    const counts = entries.get(exactTitleKey(r.naturalTitle)) ?? new Map<string, number>();
    entries.set(exactTitleKey(r.naturalTitle), counts.set(soc, (counts.get(soc) ?? 0) + 1));
  }
const mostGroups = new Map(
  [...entries].map(([key, counts]) => {
    const most = Math.max(...counts.values());
    return [key, new Set([...counts].filter(([, n]) => n === most).map(([soc]) => soc))];
  }),
);
const most = twinsBy(mostGroups, false);

// NCS silver: the O*NET-SOC code NCS gave each 2020 profile, carried to O*NET-SOC 2019.
const view = await services.jobProfiles.get('bench');
const exported = await profilesOf(store.db, view.export!.edition.id);
const shares = pooledShares(await soc2010GroupsIntoEach(store.db, (await latest('soc-crosswalk')).id));
const successors = await onetSoc2019SuccessorsOf(store.db, (await latest('onet-soc-2019-crosswalk')).id, [
  ...new Set(exported.flatMap((p) => (p.onetSoc2010 ? [p.onetSoc2010] : []))),
]);
const ncs = new Map<string, Set<string>>();
for (const p of exported) {
  if (!p.onetSoc2010) continue;
  const next = successors.filter((s) => s.onetSoc2010 === p.onetSoc2010).map((s) => s.onetSoc2019);
  for (const [soc, share] of shares.get(p.soc2010 ?? '') ?? [])
    if (share >= NCS_SILVER_SHARE)
      for (const code of next.length > 0 ? next : [p.onetSoc2010]) ncs.set(soc, (ncs.get(soc) ?? new Set()).add(code));
}

/**
 * Ways of finding the twins, each blended with the same chain. The last two add twins by exact
 * title equality with evidence 1, unpowered by the search: every coding-index title (the loose set
 * itself, so circular by construction) or every Volume 1 related title (the held-out set itself).
 */
type Twins = Map<string, OwnTwin[]>;
const search = (title: string, limit: number) => titleSearch.search.search(title, limit, { abstain: false });
const byTitle = new Map(rated.map((o) => [exactTitleKey(o.title), o]));
const withTitles = (twins: Twins, titlesOf: Map<string, Set<string>>): Twins => {
  const out = new Map([...twins].map(([soc, list]) => [soc, list.map((t) => ({ ...t }))]));
  for (const [key, socs] of titlesOf) {
    const o = byTitle.get(key);
    if (!o) continue;
    for (const soc of socs) {
      const list = out.get(soc) ?? [];
      const have = list.find((t) => t.code === o.code);
      if (have) have.evidence = 1;
      else list.push({ code: o.code, title: o.title, evidence: 1 });
      out.set(soc, list);
    }
  }
  return out;
};
const served = ownTwins(search, rated);

/**
 * The crosswalk as a second witness (tried, not served): each ISCO-08 group of the coding index
 * carried along the chain's own steps (BLS crosswalk, O*NET's 2010 taxonomy, its 2010 to 2019
 * crosswalk) to the O*NET-SOC 2019 occupations it reaches. A hit of an O*NET title is witnessed
 * when the ISCO-08 code of the coding-index record it matched (exact: every record of the group
 * with the title) reaches that occupation. How often the witness speaks for a right and a wrong
 * placement is fitted by least squares on the hits themselves (share witnessed = p·right +
 * (1 − p)·wrong, p the hit's evidence), and the evidence is updated by Bayes' rule: the shares of
 * a title several groups hold together (they are one distribution), a fuzzy match on its own odds.
 * The same placements also try the bare title's coding (tried, not served): an O*NET title is a
 * bare title, and the group holding it as an unqualified entry is where the index codes it.
 */
const iscoCodes = [
  ...new Set(
    [...index.byUnitGroup.values()].flatMap((records) => records.flatMap((r) => (r.isco08 ? [r.isco08] : []))),
  ),
];
const usLinks = await usSocLinksOfIscoGroups(store.db, (await latest('isco-us-soc-crosswalk')).id, iscoCodes);
const onet2010 = await onetSoc2010Of(store.db, (await latest('onet-soc-2010-crosswalk')).id, [
  ...new Set(usLinks.map((l) => l.usSoc2010)),
]);
const onet2019 = await onetSoc2019SuccessorsOf(store.db, (await latest('onet-soc-2019-crosswalk')).id, [
  ...new Set(onet2010.map((l) => l.onetSoc2010)),
]);
const reach = new Map<string, Set<string>>();
for (const link of usLinks)
  for (const o10 of onet2010.filter((l) => l.usSoc2010 === link.usSoc2010))
    for (const o19 of onet2019.filter((l) => l.onetSoc2010 === o10.onetSoc2010))
      reach.set(link.isco08, (reach.get(link.isco08) ?? new Set()).add(o19.onetSoc2019));
const witnessed = (hit: TitleMatch, code: string) => {
  const key = hit.matchType === 'exact' ? exactTitleKey(hit.matchedTitle) : null;
  return (index.byUnitGroup.get(hit.soc2020) ?? []).some(
    (r) =>
      (key !== null
        ? exactTitleKey(r.naturalTitle) === key
        : r.naturalTitle === hit.matchedTitle && r.qualifier === hit.qualifier) &&
      r.isco08 !== null &&
      (reach.get(r.isco08)?.has(code) ?? false),
  );
};
interface Placement {
  soc: string;
  evidence: number;
  fuzzy: boolean;
  witnessed: boolean;
  /** An exact hit on the group's unqualified entry of the title (the index's reading of the bare title). */
  unqualified: boolean;
}
const placements = new Map(
  rated.map((o) => {
    const best = new Map<string, Placement>();
    for (const hit of search(o.title, OWN_TWINS.limit)) {
      const evidence = hit.matchType === 'exact' ? (hit.titleShare ?? 1) : hit.confidence;
      if ((best.get(hit.soc2020)?.evidence ?? -1) < evidence)
        best.set(hit.soc2020, {
          soc: hit.soc2020,
          evidence,
          fuzzy: hit.matchType === 'fuzzy',
          witnessed: witnessed(hit, o.code),
          unqualified: hit.matchType === 'exact' && hit.qualifier === null,
        });
    }
    return [o.code, [...best.values()]];
  }),
);
const sharedTitle = (p: Placement) => !p.fuzzy && p.evidence < 1;
function witnessRates(kind: (p: Placement) => boolean) {
  const hits = [...placements.values()].flat().filter(kind);
  const mean = (f: (p: Placement) => number) => hits.reduce((sum, p) => sum + f(p), 0) / hits.length;
  const [mp, mw] = [mean((p) => p.evidence), mean((p) => (p.witnessed ? 1 : 0))];
  const slope = mean((p) => (p.evidence - mp) * ((p.witnessed ? 1 : 0) - mw)) / mean((p) => (p.evidence - mp) ** 2);
  const wrong = mw - slope * mp;
  return { right: wrong + slope, wrong, hits: hits.length };
}
const RATES = { shared: witnessRates(sharedTitle), fuzzy: witnessRates((p) => p.fuzzy) };
const ratio = (p: Placement, r: { right: number; wrong: number }) =>
  p.witnessed ? r.right / r.wrong : (1 - r.right) / (1 - r.wrong);
function witnessedTwins(
  update: { shared: boolean; fuzzy: boolean; unqualified?: boolean },
  only?: (code: string) => boolean,
): Twins {
  const out: Twins = new Map();
  for (const o of rated) {
    if (only && !only(o.code)) continue;
    const list = placements.get(o.code)!;
    const total = list.filter(sharedTitle).reduce((sum, p) => sum + p.evidence * ratio(p, RATES.shared), 0);
    for (const p of list) {
      let evidence = p.evidence;
      if (update.unqualified && p.unqualified) evidence = 1;
      else if (update.shared && sharedTitle(p)) evidence = (p.evidence * ratio(p, RATES.shared)) / total;
      if (update.fuzzy && p.fuzzy) {
        const odds = (p.evidence / (1 - p.evidence)) * ratio(p, RATES.fuzzy);
        evidence = odds / (1 + odds);
      }
      if (evidence < OWN_TWINS.floor) continue;
      out.set(p.soc, [...(out.get(p.soc) ?? []), { code: o.code, title: o.title, evidence }]);
    }
  }
  for (const list of out.values()) list.sort((a, b) => b.evidence - a.evidence || a.code.localeCompare(b.code));
  return out;
}
/** `first`'s twins, and for a unit group it gives none, `then`'s. */
const orElse = (first: Twins, then: Twins): Twins =>
  new Map([...new Set([...first.keys(), ...then.keys()])].map((soc) => [soc, first.get(soc) ?? then.get(soc)!]));
const placedByTitles = new Set([...served.values()].flatMap((list) => list.map((t) => t.code)));

const VARIANTS: Array<{ label: string; twins: Twins; shares: number[] }> = [
  { label: 'served: O*NET titles asked of the search, floor 0.75', twins: served, shares: SHARES },
  {
    label: 'crosswalk witness: shared exact titles',
    twins: witnessedTwins({ shared: true, fuzzy: false }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'crosswalk witness: shared exact titles and fuzzy matches',
    twins: witnessedTwins({ shared: true, fuzzy: true }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'a shared title certain for the group holding it unqualified (no witness)',
    twins: witnessedTwins({ shared: false, fuzzy: false, unqualified: true }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'served, and for unit groups it gives no twin: witnessed fuzzy matches of occupations it places nowhere',
    twins: orElse(
      served,
      witnessedTwins({ shared: false, fuzzy: true }, (code) => !placedByTitles.has(code)),
    ),
    shares: [OWN_TWINS.share],
  },
  {
    label: '+ the titles an O*NET title names, when its own places it nowhere (onet-titles.ts)',
    twins: ownTwins(search, rated, { floor: OWN_TWINS.floor, named: 'fallback' }),
    shares: [OWN_TWINS.share],
  },
  {
    label: '+ the titles an O*NET title names, always',
    twins: ownTwins(search, rated, { floor: OWN_TWINS.floor, named: 'always' }),
    shares: [OWN_TWINS.share],
  },
  {
    label: '+ named titles when its own places it nowhere, floor 0.65',
    twins: ownTwins(search, rated, { floor: 0.65, named: 'fallback' }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'exact coding-index titles from a share of 0.5 (fuzzy from 0.75)',
    twins: ownTwins(search, rated, { floor: OWN_TWINS.floor, exactFloor: 0.5, named: 'never' }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'exact coding-index titles from a share of 0.25 (fuzzy from 0.75)',
    twins: ownTwins(search, rated, { floor: OWN_TWINS.floor, exactFloor: 0.25, named: 'never' }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'exact from 0.5, + named titles when its own places it nowhere',
    twins: ownTwins(search, rated, { floor: OWN_TWINS.floor, exactFloor: 0.5, named: 'fallback' }),
    shares: [OWN_TWINS.share],
  },
  {
    label: 'named titles only for unit groups the O*NET titles themselves give no twin',
    twins: new Map(
      [...ownTwins(search, rated, { floor: OWN_TWINS.floor, named: 'always' })].map(([soc, list]) => [
        soc,
        served.get(soc) ?? list,
      ]),
    ),
    shares: [OWN_TWINS.share],
  },
  {
    label: '+ every Volume 1 related title, evidence 1',
    twins: withTitles(served, volume1Groups),
    shares: [OWN_TWINS.share],
  },
  {
    label: '+ every coding-index title, evidence 1 (the loose set)',
    twins: withTitles(served, looseGroups),
    shares: [OWN_TWINS.share],
  },
];

/**
 * The profile's weights with `twins` at `share` (0: the chain alone, as served before): the
 * chain's closeness-weighted part rebuilt from what the response shows (chainWeightPercent and
 * closeness), blended by the served function.
 */
function weightsAt(
  profile: WorkProfileResponse,
  twins: readonly OwnTwin[],
  share: number,
  power: number,
): Map<string, number> {
  const onChain = profile.basedOn.filter((o) => o.chainWeightPercent > 0);
  const max = Math.max(...onChain.map((o) => o.closeness));
  const raw = onChain.map((o) => ({
    code: o.code,
    title: o.title,
    chainWeight: o.chainWeightPercent / 100,
    closeness: o.closeness,
    weight: max === 0 ? o.chainWeightPercent : o.chainWeightPercent * (o.closeness / max) ** WORK_PROFILE.power,
  }));
  const total = raw.reduce((sum, o) => sum + o.weight, 0);
  const chain = raw.map((o) => ({ ...o, weight: o.weight / total }));
  return new Map(blendTwins(chain, twins, () => 0, { share, power }).map((o) => [o.code, o.weight]));
}

const largest = (weights: Map<string, number>) =>
  [...weights].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];

function judge(reference: Map<string, Set<string>>, twins: Twins, share: number, power: number) {
  let judged = 0;
  let led = 0;
  let weight = 0;
  for (const [soc, profile] of profiles) {
    const right = reference.get(soc);
    if (!right) continue;
    const weights = weightsAt(profile, twins.get(soc) ?? [], share, power);
    judged++;
    if (right.has(largest(weights))) led++;
    weight += [...weights].filter(([code]) => right.has(code)).reduce((sum, [, w]) => sum + w, 0);
  }
  return { judged, led, weight: weight / Math.max(1, judged) };
}

const top = (twins: Twins, soc: string) => {
  const profile = profiles.get(soc);
  if (!profile) return `${soc}: no profile`;
  const weights = weightsAt(profile, twins.get(soc) ?? [], OWN_TWINS.share, OWN_TWINS.power);
  const name = (code: string) =>
    profile.basedOn.find((o) => o.code === code)?.title ?? rated.find((o) => o.code === code)!.title;
  const shown = [...weights].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `${soc} ${profile.title}: ${shown.map(([code, w]) => `${name(code)} ${(100 * w).toFixed(1)}%`).join(', ')}`;
};

console.log(`${profiles.size} unit groups with a work profile; ${rated.length} rated O*NET occupations\n`);
console.log(
  '| twins | share | strict own twin leads | loose own twin leads | most-entries own twin leads | Volume 1 twin leads | one of its strict or Volume 1 twins leads | NCS silver leads | weight on NCS silver |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const cell = (r: { led: number; judged: number }) => `${r.led}/${r.judged} (${pct(r.led, r.judged)})`;
for (const variant of VARIANTS)
  for (const [power, share] of POWERS.flatMap((p) => variant.shares.map((s) => [p, s] as const))) {
    const [s, l, m, v, o, n] = [strict, loose, most, volume1, ownTitles, ncs].map((set) =>
      judge(set, variant.twins, share, power),
    );
    const what = share === 0 ? 'none (before: the chain alone)' : variant.label;
    const how = share === OWN_TWINS.share && power === OWN_TWINS.power ? `**${share}**` : `${share}, power ${power}`;
    console.log(
      `| ${what} | ${how} | ${cell(s!)} | ${cell(l!)} | ${cell(m!)} | ${cell(v!)} | ${cell(o!)} | ${cell(n!)} | ${(100 * n!.weight).toFixed(1)}% |`,
    );
  }
console.log('\nExamples at the served share, by way of finding twins:');
for (const variant of VARIANTS)
  console.log(
    `${variant.label}\n  ${['5241', '3312', '2231', '6135', '2134'].map((soc) => top(variant.twins, soc)).join('\n  ')}`,
  );

// The served profiles' misses on each set. For the most-entries and Volume 1 sets, why each
// expected twin does not lead: not found (a title the index shares, this group's titleShare under
// the floor; a fuzzy match under it; placed elsewhere), or found and outweighed (by a twin of
// higher or equal evidence, the chain deciding a tie, or by the chain's weight on another twin).
const show = (soc: string) => {
  const profile = profiles.get(soc);
  if (!profile) return `${soc}: no profile`;
  const top = profile.basedOn.slice(0, 3).map((o) => `${o.title} ${o.weightPercent}%`);
  return `${soc} ${profile.title}: ${top.join(', ')}`;
};
const titleOf = (code: string) => rated.find((o) => o.code === code)!.title;
function why(soc: string, code: string): { kind: string; text: string } {
  const profile = profiles.get(soc)!;
  const lead = profile.basedOn[0]!;
  const leadEvidence = lead.titleEvidence;
  const own = profile.basedOn.find((o) => o.code === code);
  const chain = own && own.chainWeightPercent > 0 ? `chain ${own.chainWeightPercent}%` : 'not on the chain';
  const twin = served.get(soc)?.find((t) => t.code === code);
  if (twin) {
    const kind =
      leadEvidence > twin.evidence
        ? 'found, a stronger twin leads'
        : leadEvidence === twin.evidence
          ? 'found, tied with the leader: the chain decides'
          : 'found, the chain lifts a weaker twin over it';
    return {
      kind,
      text: `${kind}: evidence ${twin.evidence.toFixed(2)}, ${own?.weightPercent ?? 0}% (${chain}) against ${lead.title} evidence ${leadEvidence}, chain ${lead.chainWeightPercent}%`,
    };
  }
  const hits = search(titleOf(code), 10);
  const here = hits.find((h) => h.soc2020 === soc);
  if (!here)
    return {
      kind: 'not found: placed elsewhere',
      text: `not found: the search places it elsewhere (${hits[0]?.soc2020}); ${chain}`,
    };
  if (here.matchType === 'fuzzy')
    return {
      kind: 'not found: fuzzy match under the floor',
      text: `not found: a fuzzy match ("${here.matchedTitle}") at ${here.confidence.toFixed(2)}; ${chain}`,
    };
  const top = hits[0]!;
  const kind =
    (here.titleShare ?? 1) >= 0.5
      ? 'not found: a shared title, most of it here but under the floor'
      : "not found: a shared title, mostly another group's";
  return {
    kind,
    text: `${kind}: titleShare ${(here.titleShare ?? 1).toFixed(3)} here${top.soc2020 === soc ? '' : `, ${(top.titleShare ?? 1).toFixed(3)} in ${top.soc2020}`}; ${chain}`,
  };
}
for (const [name, set, explain] of [
  ['Strict', strict, false],
  ['Loose', loose, false],
  ['Most-entries', most, true],
  ['Volume 1', volume1, true],
  ['Strict or Volume 1', ownTitles, true],
] as const) {
  const misses = [...set].filter(
    ([soc, codes]) => profiles.has(soc) && !codes.has(profiles.get(soc)!.basedOn[0]!.code),
  );
  console.log(`\n${name} own twin not leading (served): ${misses.length}`);
  const kinds = new Map<string, number>();
  for (const [soc, codes] of misses) {
    if (!explain) {
      console.log(`${show(soc)} | twins ${[...codes].map(titleOf).join(', ')}`);
      continue;
    }
    console.log(show(soc));
    const reasons = [...codes].map((code) => ({ code, ...why(soc, code) }));
    for (const r of reasons) console.log(`  ${titleOf(r.code)}: ${r.text}`);
    // A miss counts once, under the reason of its closest twin (found before not found).
    const closest = reasons.find((r) => r.kind.startsWith('found')) ?? reasons[0]!;
    kinds.set(closest.kind, (kinds.get(closest.kind) ?? 0) + 1);
  }
  if (explain) console.log(`  by reason: ${[...kinds].map(([k, n]) => `${k} ${n}`).join('; ')}`);
}
console.log(
  `\nCrosswalk witness rates (fitted): shared exact titles right ${RATES.shared.right.toFixed(2)}, wrong ${RATES.shared.wrong.toFixed(2)} (${RATES.shared.hits} hits); fuzzy right ${RATES.fuzzy.right.toFixed(2)}, wrong ${RATES.fuzzy.wrong.toFixed(2)} (${RATES.fuzzy.hits} hits)`,
);

// Leader changes of a variant against the served twins, and what each set makes of them (COMPARE=<label part>).
const compare = process.env.COMPARE;
for (const variant of VARIANTS.filter((v) => compare && v !== VARIANTS[0] && v.label.includes(compare))) {
  console.log(`\nLeaders changed by "${variant.label}" (against served):`);
  for (const [soc, profile] of profiles) {
    const name = (code: string) => profile.basedOn.find((o) => o.code === code)?.title ?? titleOf(code);
    const before = largest(weightsAt(profile, served.get(soc) ?? [], OWN_TWINS.share, OWN_TWINS.power));
    const after = largest(weightsAt(profile, variant.twins.get(soc) ?? [], OWN_TWINS.share, OWN_TWINS.power));
    if (before === after) continue;
    const verdicts = (
      [
        ['strict', strict],
        ['most-entries', most],
        ['Volume 1', volume1],
        ['NCS', ncs],
      ] as const
    ).flatMap(([n, set]) => {
      const right = set.get(soc);
      return right && right.has(before) !== right.has(after) ? [`${n} ${right.has(after) ? '+' : '-'}`] : [];
    });
    console.log(`  ${soc} ${profile.title}: ${name(before)} -> ${name(after)} ${verdicts.join(', ')}`);
  }
}

await store.dispose();
process.exit(0);

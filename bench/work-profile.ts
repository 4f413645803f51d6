/**
 * Work-profile benchmark (issue 35): how often a unit group's work profile gives its largest weight
 * to its own US twin, and how much weight lands on the O*NET occupations NCS coded its profiles
 * to, for the chain alone (before) and with the own twins blended in at several shares. The sets
 * are built from the sources' own fields; bench/README.md ("Work profiles: own twins first")
 * describes them and keeps the figures.
 *
 *   npm run bench:work-profile     (needs the test templates: npm run test:templates)
 */
import { createServices } from '../src/services.js';
import { blendTwins, ownTwins, OWN_TWINS, type OwnTwin } from '../src/queries/joins/onet-twins.js';
import { WORK_PROFILE } from '../src/queries/joins/onet-closeness.js';
import { pooledShares } from '../src/queries/joins/crosswalk-shares.js';
import type { WorkProfileResponse } from '../src/schemas/work-profile.js';
import { exactTitleKey } from '../src/search/exact-title.js';
import { profilesOf } from '../src/store/how-to-become.js';
import { allSocDescriptions } from '../src/store/soc-descriptions.js';
import { soc2010GroupsIntoEach } from '../src/store/soc-crosswalk.js';
import { allOnetOccupations, onetSoc2019SuccessorsOf, scoresOf } from '../src/store/work-profile.js';
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
const VARIANTS: Array<{ label: string; twins: Twins; shares: number[] }> = [
  { label: 'served: O*NET titles asked of the search, floor 0.75', twins: served, shares: SHARES },
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
  '| twins | share | strict own twin leads | loose own twin leads | most-entries own twin leads | Volume 1 twin leads | NCS silver leads | weight on NCS silver |',
);
console.log('|---|---|---|---|---|---|---|---|');
const cell = (r: { led: number; judged: number }) => `${r.led}/${r.judged} (${pct(r.led, r.judged)})`;
for (const variant of VARIANTS)
  for (const [power, share] of POWERS.flatMap((p) => variant.shares.map((s) => [p, s] as const))) {
    const [s, l, m, v, n] = [strict, loose, most, volume1, ncs].map((set) => judge(set, variant.twins, share, power));
    const what = share === 0 ? 'none (before: the chain alone)' : variant.label;
    const how = share === OWN_TWINS.share && power === OWN_TWINS.power ? `**${share}**` : `${share}, power ${power}`;
    console.log(
      `| ${what} | ${how} | ${cell(s!)} | ${cell(l!)} | ${cell(m!)} | ${cell(v!)} | ${cell(n!)} | ${(100 * n!.weight).toFixed(1)}% |`,
    );
  }
console.log('\nExamples at the served share, by way of finding twins:');
for (const variant of VARIANTS)
  console.log(
    `${variant.label}\n  ${['5241', '3312', '2231', '6135', '2134'].map((soc) => top(variant.twins, soc)).join('\n  ')}`,
  );

// The served profiles' misses on the strict and loose sets.
const show = (soc: string) => {
  const profile = profiles.get(soc);
  if (!profile) return `${soc}: no profile`;
  const top = profile.basedOn.slice(0, 3).map((o) => `${o.title} ${o.weightPercent}%`);
  return `${soc} ${profile.title}: ${top.join(', ')}`;
};
for (const [name, set] of [
  ['Strict', strict],
  ['Loose', loose],
  ['Most-entries', most],
  ['Volume 1', volume1],
] as const) {
  const misses = [...set].filter(
    ([soc, codes]) => profiles.has(soc) && !codes.has(profiles.get(soc)!.basedOn[0]!.code),
  );
  console.log(
    `\n${name} own twin not leading (served): ${misses.length}\n${misses.map(([soc, codes]) => `${show(soc)} | twins ${[...codes].map((c) => rated.find((o) => o.code === c)!.title).join(', ')}`).join('\n')}`,
  );
}

await store.dispose();
process.exit(0);

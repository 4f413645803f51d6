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
import { blendTwins, OWN_TWINS } from '../src/queries/joins/onet-twins.js';
import { WORK_PROFILE } from '../src/queries/joins/onet-closeness.js';
import { pooledShares } from '../src/queries/joins/crosswalk-shares.js';
import type { WorkProfileResponse } from '../src/schemas/work-profile.js';
import { exactTitleKey } from '../src/search/exact-title.js';
import { profilesOf } from '../src/store/how-to-become.js';
import { soc2010GroupsIntoEach } from '../src/store/soc-crosswalk.js';
import { allOnetOccupations, onetSoc2019SuccessorsOf, scoresOf } from '../src/store/work-profile.js';
import { testConfig } from '../test/helpers/served-app.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

/** A profile's O*NET code is silver for the unit groups its SOC 2010 code mostly goes to (as bench/joins.ts). */
const NCS_SILVER_SHARE = 0.5;
const SHARES = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
const POWERS = (process.env.POWERS ?? `${OWN_TWINS.power}`).split(',').map(Number);
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

const store = await copyTemplate('sqlite');
const services = createServices(testConfig(store.dataDir), store);
const latest = async (key: Parameters<typeof services.currentEditions.latest>[0]) =>
  (await services.currentEditions.latest(key))!;
const index = (await services.codingIndex.get())!;

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
const loose = twinsBy(looseGroups, false);

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
 * The profile's weights with the twins at `share` (0: the chain alone, as served before), rebuilt
 * from what the response shows: the chain's closeness-weighted part from chainWeightPercent and
 * closeness, the twins from titleEvidence, blended by the served function.
 */
function weightsAt(profile: WorkProfileResponse, share: number, power: number): Map<string, number> {
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
  const twins = profile.basedOn
    .filter((o) => o.titleEvidence > 0)
    .map((o) => ({ code: o.code, title: o.title, evidence: o.titleEvidence }));
  return new Map(blendTwins(chain, twins, () => 0, { share, power }).map((o) => [o.code, o.weight]));
}

const largest = (weights: Map<string, number>) =>
  [...weights].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];

function judge(reference: Map<string, Set<string>>, share: number, power: number) {
  let judged = 0;
  let led = 0;
  let weight = 0;
  for (const [soc, profile] of profiles) {
    const right = reference.get(soc);
    if (!right) continue;
    const weights = weightsAt(profile, share, power);
    judged++;
    if (right.has(largest(weights))) led++;
    weight += [...weights].filter(([code]) => right.has(code)).reduce((sum, [, w]) => sum + w, 0);
  }
  return { judged, led, weight: weight / Math.max(1, judged) };
}

console.log(`${profiles.size} unit groups with a work profile; ${rated.length} rated O*NET occupations\n`);
console.log('| twins share | strict own twin leads | loose own twin leads | NCS silver leads | weight on NCS silver |');
console.log('|---|---|---|---|---|');
for (const [power, share] of POWERS.flatMap((p) => SHARES.map((s) => [p, s] as const))) {
  const [s, l, n] = [judge(strict, share, power), judge(loose, share, power), judge(ncs, share, power)];
  const served = share === OWN_TWINS.share && power === OWN_TWINS.power;
  const label =
    share === 0
      ? '0 (before: the chain alone)'
      : served
        ? `**${share}, power ${power} (served)**`
        : `${share}, power ${power}`;
  console.log(
    `| ${label} | ${s.led}/${s.judged} (${pct(s.led, s.judged)}) | ${l.led}/${l.judged} (${pct(l.led, l.judged)}) | ${n.led}/${n.judged} (${pct(n.led, n.judged)}) | ${(100 * n.weight).toFixed(1)}% |`,
  );
}

// The issue's examples and the strict set's misses at the served share.
const show = (soc: string) => {
  const profile = profiles.get(soc);
  if (!profile) return `${soc}: no profile`;
  const top = profile.basedOn.slice(0, 3).map((o) => `${o.title} ${o.weightPercent}%`);
  return `${soc} ${profile.title}: ${top.join(', ')}`;
};
console.log(`\nExamples (served): \n${['5241', '3312', '2231', '6135', '2134'].map(show).join('\n')}`);
const misses = [...strict].filter(
  ([soc, codes]) => profiles.has(soc) && !codes.has(profiles.get(soc)!.basedOn[0]!.code),
);
console.log(
  `\nStrict own twin not leading (served): ${misses.length}\n${misses.map(([soc, codes]) => `${show(soc)} | twins ${[...codes].map((c) => rated.find((o) => o.code === c)!.title).join(', ')}`).join('\n')}`,
);

await store.dispose();
process.exit(0);

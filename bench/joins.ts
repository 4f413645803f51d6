/**
 * Joins benchmark (issue 27): precision and coverage of the NCS profile placements (how to become)
 * and of the apprenticeship relations, before (the old title rule) and after (combined evidence),
 * and the weight work profiles put on the right O*NET occupations (equal chain shares vs closeness),
 * on evaluation sets built from the sources themselves, each held out from the evidence it would
 * leak into. bench/README.md ("Joins") describes the sets and keeps the figures.
 *
 *   npm run bench:joins     (needs the test templates: npx tsx test/build-templates.ts)
 */
import type { ApprenticeshipStandard } from '../src/domain/apprenticeships.js';
import { exactTitleKey } from '../src/search/exact-title.js';
import { createServices } from '../src/services.js';
import { standardsOf } from '../src/store/apprenticeships.js';
import { profilesOf } from '../src/store/how-to-become.js';
import { onetSoc2019SuccessorsOf } from '../src/store/work-profile.js';
import { soc2010GroupsIntoEach } from '../src/store/soc-crosswalk.js';
import { placementSubject } from '../src/queries/how-to-become/job-profiles.js';
import { pooledShares } from '../src/queries/occupations/crosswalk-shares.js';
import {
  ProfilePlacer,
  type EvidenceUsed,
  type PlacementSubject,
} from '../src/queries/how-to-become/profile-placement.js';
import { entriesByTitle, qualifierIdf } from '../src/queries/qualifier-support.js';
import {
  relateStandards,
  RELATIONS,
  resolveNamedApprenticeships,
  standardsByName,
  typicalTitleShares,
  type PlacedProfile,
} from '../src/queries/apprenticeships/standard-relations.js';
import { UnitGroupTexts } from '../src/queries/occupations/unit-group-text.js';
import { testConfig } from '../test/helpers/served-app.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

const SILVER_SHARE = 0.2;
/** A profile's O*NET code is silver for the unit groups its SOC 2010 code mostly goes to. */
const WORK_PROFILE_SILVER_SHARE = 0.5;
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

const store = await copyTemplate('sqlite');
const services = createServices(testConfig(store.dataDir), store);
const view = await services.jobProfiles.get('bench');
const texts = (await new UnitGroupTexts(store.db, services.currentEditions, services.codingIndex).get())!;
const crosswalk = (await services.currentEditions.latest('soc-crosswalk'))!;
const shares = pooledShares(await soc2010GroupsIntoEach(store.db, crosswalk.id));
const records = [...texts.codingIndex.byUnitGroup.values()].flat();
const byTitle = entriesByTitle(records);
const subjects = [...view.profiles.values()].map(({ profile }) => placementSubject(profile));
const placer = new ProfilePlacer({ unitGroupBags: texts.bags, records, shares, subjects });

/** slug -> unit groups, and the order within each unit group. */
type Placements = Map<string, Array<{ soc: string; score: number }>>;

/** The old rule: every unit group whose coding index lists the title exactly, qualifiers ignored. */
function oldTitleRule(title: string, alternatives: readonly string[], qualifiedAmongOthers: boolean) {
  const out = new Map<string, number>();
  for (const [text, score] of [[title, 1] as const, ...alternatives.map((t) => [t, 0.5] as const)]) {
    const entries = byTitle.get(exactTitleKey(text)) ?? [];
    const socs = new Set(entries.map((r) => r.soc2020!));
    for (const soc of socs) {
      const unqualified = entries.some((r) => r.soc2020 === soc && r.qualifier === null);
      if (out.has(soc) || (!unqualified && socs.size > 1 && !qualifiedAmongOthers)) continue;
      out.set(soc, score);
    }
  }
  return out;
}

const silverA = (soc2010: string | null) => {
  const m = shares.get(soc2010 ?? '') ?? new Map<string, number>();
  return {
    any: new Set([...m].filter(([, v]) => v >= SILVER_SHARE).map(([k]) => k)),
    main: [...m].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null,
  };
};
const silverB = (s: PlacementSubject) => {
  const socs = new Set(
    (byTitle.get(exactTitleKey(s.title)) ?? []).filter((r) => r.qualifier === null).map((r) => r.soc2020!),
  );
  return socs.size === 1 ? [...socs][0]! : null;
};

function measure(name: string, placements: Placements): void {
  let pairs = 0,
    right = 0,
    withCode = 0,
    mainFound = 0,
    placed = 0,
    pairsB = 0,
    rightB = 0,
    nB = 0,
    foundB = 0;
  const bySoc = new Map<string, Array<{ s: PlacementSubject; score: number }>>();
  for (const s of subjects) {
    const list = placements.get(s.slug) ?? [];
    if (list.length > 0) placed++;
    for (const p of list) bySoc.set(p.soc, [...(bySoc.get(p.soc) ?? []), { s, score: p.score }]);
    const b = silverB(s);
    if (b) {
      nB++;
      pairsB += list.length;
      rightB += list.filter((p) => p.soc === b).length;
      if (list.some((p) => p.soc === b)) foundB++;
    }
    if (!s.soc2010) continue;
    withCode++;
    const a = silverA(s.soc2010);
    pairs += list.length;
    right += list.filter((p) => a.any.has(p.soc)).length;
    if (a.main && list.some((p) => p.soc === a.main)) mainFound++;
  }
  let firstRight = 0,
    firstJudged = 0;
  for (const [soc, list] of bySoc) {
    const first = list.sort((x, y) => y.score - x.score)[0]!.s;
    if (!first.soc2010) continue;
    firstJudged++;
    if (silverA(first.soc2010).any.has(soc)) firstRight++;
  }
  const silverGroups = new Set(subjects.flatMap((s) => [...silverA(s.soc2010).any]));
  const covered = [...silverGroups].filter((g) => bySoc.has(g)).length;
  console.log(
    `| ${name} | ${pairs} | ${pct(right, pairs)} | ${pct(mainFound, withCode)} | ${pct(rightB, pairsB)} (recall ${pct(foundB, nB)}) | ${pct(placed, subjects.length)} | ${bySoc.size} (${pct(covered, silverGroups.size)} of silver) | ${pct(firstRight, firstJudged)} |`,
  );
}

async function after(use: EvidenceUsed, fill = true): Promise<Placements> {
  const out: Placements = new Map();
  for (const [soc, list] of await placer.placeAll(subjects, use, fill))
    for (const { slug, placement } of list)
      out.set(slug, [...(out.get(slug) ?? []), { soc, score: placement.posterior }]);
  return out;
}

const before: Placements = new Map(
  subjects.map((s) => [
    s.slug,
    [...oldTitleRule(s.title, s.alternativeTitles, true)].map(([soc, score]) => ({ soc, score })),
  ]),
);

console.log(
  `\nHow to become: ${subjects.length} served profiles, ${subjects.filter((s) => s.soc2010).length} with a SOC 2010 code; silver A = unit groups the code reaches at share >= ${SILVER_SHARE}; silver B = profiles whose title has unqualified index entries in one unit group (${subjects.filter(silverB).length})\n`,
);
console.log(
  '| placements | pairs | precision (A) | recall of main (A) | precision (B) | profiles placed | unit groups with a profile | first listed right (A) |',
);
console.log('|---|---|---|---|---|---|---|---|');
measure('before: titles, qualifiers ignored', before);
measure('held out A: titles + qualifiers + text', await after({ soc2010: false, titles: true, text: true }));
measure('held out B: SOC 2010 + text', await after({ soc2010: true, titles: false, text: true }));
measure('all evidence, no fill (not held out)', await after({ soc2010: true, titles: true, text: true }, false));
const all = await after({ soc2010: true, titles: true, text: true });
measure('**all evidence + fill (served)**', all);

// Apprenticeships. Silver: every 2020 profile -> standard link, at the unit groups its SOC 2010 code reaches.
const standardsEdition = (await services.currentEditions.latest('apprenticeship-standards'))!;
const approved = await standardsOf(store.db, standardsEdition.id);
const known = new Map((await standardsOf(store.db, view.export!.edition.id)).map((s) => [s.code, s]));
const allStandards = new Map<string, ApprenticeshipStandard>([...known, ...approved.map((s) => [s.code, s] as const)]);
const approvedCodes = new Set(approved.map((s) => s.code));
const silver = new Set<string>();
const silverStandards = new Set<string>();
for (const { profile, standards } of view.profiles.values())
  for (const code of standards)
    for (const soc of silverA(profile.soc2010).any) {
      silver.add(`${code}|${soc}`);
      silverStandards.add(code);
    }
const judgedStandard = (code: string) => approvedCodes.has(code) && allStandards.get(code)!.typicalJobTitles.length > 0;
const silverJudged = [...silver].filter((k) => judgedStandard(k.split('|')[0]!));
function judge(name: string, pairs: Array<{ code: string; soc: string }>) {
  const unique = new Map(
    pairs.filter((p) => silverStandards.has(p.code) && judgedStandard(p.code)).map((p) => [`${p.code}|${p.soc}`, p]),
  );
  const right = [...unique.keys()].filter((k) => silver.has(k)).length;
  const found = silverJudged.filter((k) => unique.has(k)).length;
  console.log(`| ${name} | ${unique.size} | ${pct(right, unique.size)} | ${pct(found, silverJudged.length)} |`);
}
const qualifiers = qualifierIdf(records);
const byName = standardsByName(allStandards.values());
const placedBySoc = (placements: Placements) => {
  const out = new Map<string, PlacedProfile[]>();
  for (const [slug, list] of placements) {
    const { profile, standards } = view.profiles.get(slug)!;
    const named = resolveNamedApprenticeships(profile.apprenticeshipsNamed, byName);
    for (const p of list)
      out.set(p.soc, [
        ...(out.get(p.soc) ?? []),
        { slug, title: profile.title, posterior: p.score, linked: standards, named },
      ]);
  }
  return out;
};
const shareOf = (s: ApprenticeshipStandard) => typicalTitleShares(s, byTitle, qualifiers);
const flat = (m: Map<string, Array<{ code: string; soc2020: string; primary: boolean; typicalTitleShare: number }>>) =>
  [...m.values()].flat().map((r) => ({ ...r, soc: r.soc2020 }));

console.log(
  `\nApprenticeships: silver = ${silverJudged.length} (approved standard with typical titles, unit group) pairs from NCS 2020 profile links through the profile's SOC 2010 code\n`,
);
console.log('| relations | judged | precision | silver found |');
console.log('|---|---|---|---|');
const beforeTitles = approved.flatMap((s) =>
  [...oldTitleRule(s.typicalJobTitles[0] ?? '', s.typicalJobTitles.slice(1), false).keys()].map((soc) => ({
    code: s.code,
    soc,
  })),
);
judge('before: typical job titles (old rule)', beforeTitles);
const beforeLinks = [...before].flatMap(([slug, list]) =>
  view.profiles.get(slug)!.standards.flatMap((code) => list.map((p) => ({ code, soc: p.soc }))),
);
judge('before: all (links via title placements + titles)', [...beforeTitles, ...beforeLinks]);
const titlesOnly = flat(relateStandards(allStandards.values(), shareOf, new Map()));
judge(`held out: typical titles with qualifiers, share >= ${RELATIONS.relate}`, titlesOnly);
judge(
  `held out: typical titles, primary (share >= ${RELATIONS.primaryTitleShare})`,
  titlesOnly.filter((r) => r.primary),
);
const combined = flat(relateStandards(allStandards.values(), shareOf, placedBySoc(all)));
judge('all evidence: related (leaks)', combined);
judge(
  '**all evidence: primary**',
  combined.filter((r) => r.primary),
);

// Work profiles. Silver: the O*NET-SOC code NCS gave each 2020 profile, carried to O*NET-SOC 2019
// by O*NET's crosswalk, at the unit groups the profile's SOC 2010 code reaches at share >= 0.5.
const onet2019 = (await services.currentEditions.latest('onet-soc-2019-crosswalk'))!;
const exported = await profilesOf(store.db, view.export!.edition.id);
const successors = await onetSoc2019SuccessorsOf(store.db, onet2019.id, [
  ...new Set(exported.flatMap((p) => (p.onetSoc2010 ? [p.onetSoc2010] : []))),
]);
const onetSilver = new Map<string, Set<string>>();
for (const p of exported) {
  if (!p.onetSoc2010) continue;
  const next = successors.filter((s) => s.onetSoc2010 === p.onetSoc2010).map((s) => s.onetSoc2019);
  for (const [soc, share] of shares.get(p.soc2010 ?? '') ?? [])
    if (share >= WORK_PROFILE_SILVER_SHARE)
      for (const code of next.length > 0 ? next : [p.onetSoc2010])
        onetSilver.set(soc, (onetSilver.get(soc) ?? new Set()).add(code));
}
const wp = { judged: 0, weightBefore: 0, weightAfter: 0, topBefore: 0, topAfter: 0 };
for (const [soc, codes] of onetSilver) {
  const profile = await services.workProfile.workProfile(soc).catch(() => null);
  if (!profile || !profile.basedOn.some((o) => codes.has(o.code))) continue;
  wp.judged++;
  const on = (key: 'chainWeightPercent' | 'weightPercent') =>
    profile.basedOn.filter((o) => codes.has(o.code)).reduce((sum, o) => sum + o[key], 0);
  wp.weightBefore += on('chainWeightPercent');
  wp.weightAfter += on('weightPercent');
  const largest = (key: 'chainWeightPercent' | 'weightPercent') =>
    [...profile.basedOn].sort((a, b) => b[key] - a[key] || a.code.localeCompare(b.code))[0]!.code;
  if (codes.has(largest('chainWeightPercent'))) wp.topBefore++;
  if (codes.has(largest('weightPercent'))) wp.topAfter++;
}
console.log(
  `\nWork profiles: ${wp.judged} unit groups whose chain reaches an O*NET occupation NCS coded a profile placed there (silver, SOC 2010 share >= ${WORK_PROFILE_SILVER_SHARE})\n`,
);
console.log('| weights | weight on the silver occupations | largest weight is one of them |');
console.log('|---|---|---|');
console.log(
  `| before: the chain's equal shares | ${(wp.weightBefore / wp.judged).toFixed(1)}% | ${pct(wp.topBefore, wp.judged)} |`,
);
console.log(
  `| **after: chain × closeness³** | **${(wp.weightAfter / wp.judged).toFixed(1)}%** | **${pct(wp.topAfter, wp.judged)}** |`,
);

await store.dispose();
process.exit(0);

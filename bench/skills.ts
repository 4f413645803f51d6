/**
 * `npm run bench:skills`: how much of a unit group's default skills list is the occupation's own
 * (bench/README.md, "Skills: the essential share"), on a copy of the SQLite test template
 * (`npx tsx test/build-templates.ts` first).
 *
 * The reference of a unit group is ESCO's exact-label occupation: an ESCO occupation whose
 * preferred label is, word for word (src/search/exact-title.ts), the unit group's Volume 1 title
 * or one of its coding-index titles. Where several are, the one named by the most of the group's
 * titles (the group's own title first); a group whose first two tie has no reference. The measure:
 * of the default top 10 skills, the share that are the reference's essential skills, averaged over
 * the unit groups with a reference. Printed for the served constants (PROFILE in
 * src/queries/skills/skill-profiles.ts), for the model /skills served before (optional 0.5, closeness^0,
 * specificity^1, no exact-label share) and for the served constants without the exact-label share:
 * the reference is evidence the served model weighs, so the served figure is not held out.
 * `--grid` prints the grid the constants were chosen on, with 2211's research skills and the rank
 * of "browse, search and filter data" in its top 10 (0: not there).
 */
import { exactTitleKey } from '../src/search/exact-title.js';
import {
  exactLabelOccupations,
  loadEscoRelations,
  PROFILE,
  rankedSkills,
  skillProfile,
  unitGroupWords,
  type ProfileParameters,
} from '../src/queries/skills/skill-profiles.js';
import { iscoSharesOf } from '../src/queries/occupations/isco-groups.js';
import { EscoCloseness, type EscoCandidate, type RelatedEscoOccupation } from '../src/queries/skills/esco-closeness.js';
import { UnitGroupTexts } from '../src/queries/occupations/unit-group-text.js';
import { escoOccupationsWithLabels } from '../src/store/skills.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';

const TOP = 10;
const app = await servedFromTemplate('sqlite');
try {
  const { services, store } = app;
  const current = services.currentEditions;
  const [occupationsEdition, skillsEdition, relationsEdition] = await Promise.all(
    (['esco-occupations', 'esco-skills', 'esco-occupation-skills'] as const).map((key) => current.latest(key)),
  );
  if (!occupationsEdition || !skillsEdition || !relationsEdition) throw new Error('ESCO is not in the template');
  const texts = (await new UnitGroupTexts(store.db, current, services.codingIndex).get())!;
  const byUnitGroup = texts.codingIndex.byUnitGroup;
  const candidates = await escoOccupationsWithLabels(store.db, occupationsEdition.id);
  const esco = await loadEscoRelations(store.db, skillsEdition.id, relationsEdition.id);
  const closeness = new EscoCloseness(texts.bags, candidates, (soc) => byUnitGroup.get(soc) ?? []);
  const { unitGroups } = await services.occupations.structure();
  const wordsOf = unitGroupWords(texts.bags, esco.catalogue);

  // The evaluation set: each unit group's exact-label ESCO occupation.
  const byLabel = new Map<string, string[]>();
  for (const o of candidates)
    byLabel.set(exactTitleKey(o.title), [...(byLabel.get(exactTitleKey(o.title)) ?? []), o.conceptId]);
  const groups: Array<{
    soc: string;
    reference: string;
    evidence: { closest: RelatedEscoOccupation[]; exactLabels: Map<EscoCandidate, number> };
    /** The evidence as the rule before issue 46 made it: every index title votes, qualified or coded elsewhere. */
    everyTitle: { closest: RelatedEscoOccupation[]; exactLabels: Map<EscoCandidate, number> };
    /** The reference is named only by a qualified index title or one the index codes to another ISCO-08 group. */
    homonym: boolean;
  }> = [];
  const candidatesByLabel = new Map<string, EscoCandidate[]>();
  for (const o of candidates)
    candidatesByLabel.set(exactTitleKey(o.title), [...(candidatesByLabel.get(exactTitleKey(o.title)) ?? []), o]);
  let sameIsco = 0;
  for (const unit of unitGroups) {
    const votes = new Map<string, number>();
    const titles = [unit.title, ...new Set((byUnitGroup.get(unit.code) ?? []).map((r) => r.naturalTitle))];
    titles.forEach((title, i) => {
      for (const id of byLabel.get(exactTitleKey(title)) ?? [])
        votes.set(id, (votes.get(id) ?? 0) + (i === 0 ? 1000 : 1));
    });
    const [first, second] = [...votes].filter(([id]) => esco.skillsOf.has(id)).sort((a, b) => b[1] - a[1]);
    // Unambiguous only: named by more of the group's titles than any other exact-label occupation.
    if (!first || (second && second[1] === first[1])) continue;
    const reference = first[0];
    if (!reference || !esco.skillsOf.has(reference)) continue;
    const shares = iscoSharesOf(byUnitGroup.get(unit.code) ?? []);
    if (shares.length === 0) continue;
    const iscoOf = candidates.find((o) => o.conceptId === reference)!.iscoGroup;
    if (shares.some((s) => s.isco08 === iscoOf)) sameIsco += 1;
    const closest = closeness.related(unit.code);
    const exactLabels = exactLabelOccupations(unit.title, byUnitGroup.get(unit.code) ?? [], candidatesByLabel);
    groups.push({
      soc: unit.code,
      reference,
      evidence: { closest, exactLabels },
      everyTitle: { closest, exactLabels: everyTitleVotes(titles, candidatesByLabel) },
      homonym: ![...exactLabels.keys()].some((o) => o.conceptId === reference),
    });
  }

  const measure = (parameters: ProfileParameters, rule: 'served' | 'every title' = 'served', subset = groups) => {
    let sum = 0;
    let counted = 0;
    for (const { soc, reference, evidence: served, everyTitle } of subset) {
      const evidence = rule === 'served' ? served : everyTitle;
      const profile = skillProfile(soc, [], evidence, esco, parameters, wordsOf(soc));
      if (profile.skills.length === 0) continue;
      const own = esco.skillsOf.get(reference)!;
      const essential = new Set([...own.skills].filter((_, i) => own.essential[i] === 1));
      const top = rankedSkills(profile, null, esco.catalogue, parameters).slice(0, TOP);
      sum += top.filter((s) => essential.has(profile.skills[s.at]!)).length / top.length;
      counted += 1;
    }
    return { share: sum / counted, counted };
  };
  {
    let ceiling = 0;
    for (const { reference } of groups) {
      const own = esco.skillsOf.get(reference)!;
      ceiling +=
        Math.min(
          TOP,
          own.essential.reduce((a, b) => a + b, 0),
        ) / TOP;
    }
    console.log(
      `ceiling (top 10 all the reference's essential skills where it has 10): ${(ceiling / groups.length).toFixed(3)}`,
    );
  }
  const show = (parameters: ProfileParameters) => `${JSON.stringify(parameters)}`;
  const served = measure(PROFILE);
  console.log(
    `evaluation set: ${groups.length} of ${unitGroups.length} unit groups have an exact-label ESCO occupation with skills (${sameIsco} in one of the group's ISCO-08 groups)`,
  );
  console.log(
    `essential share of the top ${TOP}, served constants ${show(PROFILE)}: ${served.share.toFixed(3)} (${served.counted} groups)`,
  );
  const named = groups.filter((g) => !g.homonym);
  console.log(
    `the same, the rule before issue 46 (every index title names an exact label, qualified or coded to another ISCO-08 group): ${measure(PROFILE, 'every title').share.toFixed(3)}`,
  );
  console.log(
    `on the ${named.length} groups whose reference an unqualified index title of its own ISCO-08 group names (the other ${groups.length - named.length} are homonyms): served ${measure(PROFILE, 'served', named).share.toFixed(3)}, the rule before ${measure(PROFILE, 'every title', named).share.toFixed(3)}`,
  );
  const before = {
    optionalWeight: 0.5,
    closenessPower: 0,
    specificityPower: 1,
    exactLabelShare: 0,
    labelVotePower: 1,
    textFloor: 1,
  };
  console.log(`before (the model /skills served until now) ${show(before)}: ${measure(before).share.toFixed(3)}`);
  const withoutText = { ...PROFILE, textFloor: 1 };
  console.log(
    `served constants without the unit group's own words (textFloor 1): ${measure(withoutText).share.toFixed(3)}; on the ${named.length} named groups ${measure(withoutText, 'served', named).share.toFixed(3)}`,
  );
  for (const textFloor of (process.env.TEXT_FLOORS ?? '').split(',').filter(Boolean).map(Number))
    console.log(
      `  textFloor ${textFloor}: ${measure({ ...PROFILE, textFloor }).share.toFixed(3)}; named ${measure({ ...PROFILE, textFloor }, 'served', named).share.toFixed(3)}`,
    );
  const withoutLabels = { ...PROFILE, exactLabelShare: 0 };
  console.log(`served constants without the exact-label share: ${measure(withoutLabels).share.toFixed(3)}`);
  if (process.argv.includes('--grid')) {
    const gpEvidence = {
      closest: closeness.related('2211'),
      exactLabels: exactLabelOccupations(
        'Generalist medical practitioners',
        byUnitGroup.get('2211') ?? [],
        candidatesByLabel,
      ),
    };
    const grid = [0.5, 0.7].flatMap((exactLabelShare) =>
      [2, 4].flatMap((labelVotePower) =>
        [0.25, 0.1].flatMap((optionalWeight) =>
          [1, 1.5, 2].map((specificityPower) => ({
            optionalWeight,
            closenessPower: 2,
            specificityPower,
            exactLabelShare,
            labelVotePower,
            textFloor: PROFILE.textFloor,
          })),
        ),
      ),
    );
    for (const parameters of grid) {
      const gp = skillProfile('2211', [], gpEvidence, esco, parameters, wordsOf('2211'));
      const top = rankedSkills(gp, null, esco.catalogue, parameters)
        .slice(0, TOP)
        .map((s) => esco.catalogue.titles[gp.skills[s.at]!]!);
      console.log(
        `  ${show(parameters)}: ${measure(parameters).share.toFixed(3)}; 2211 research ${top.filter((t) => /research/.test(t)).length}, browse ${top.findIndex((t) => t.startsWith('browse')) + 1}`,
      );
    }
  }
  const gp = await services.skills.skills('2211', null, 5);
  console.log(`2211 (${gp.title}) top 5: ${gp.skills.map((s) => s.skillTitle).join('; ')}`);
} finally {
  await app.close();
}

/** The exact-label votes before issue 46: the group's own title 100, each distinct index title 1, whatever its qualifier or ISCO-08 code. */
function everyTitleVotes(titles: readonly string[], byLabel: ReadonlyMap<string, readonly EscoCandidate[]>) {
  const votes = new Map<EscoCandidate, number>();
  titles.forEach((title, i) => {
    for (const o of byLabel.get(exactTitleKey(title)) ?? []) votes.set(o, (votes.get(o) ?? 0) + (i === 0 ? 100 : 1));
  });
  return votes;
}

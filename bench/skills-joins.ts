/**
 * The skills join (ESCO occupations -> SOC 2020 unit groups), before and after weighting the ESCO
 * occupations by closeness (src/queries/skills/esco-closeness.ts), on a copy of the test template
 * database (the whole mirror ingested; build it with `npx tsx test/build-templates.ts`):
 *
 *   npx tsx bench/skills-joins.ts
 *
 * Measures, over every unit group with ESCO occupations (bench/README.md, "Skills join"):
 * - generic share: of each unit group's top 10 skills, the share ESCO relates to at least 5% of
 *   all its occupations (a skill that says nothing about this occupation), averaged;
 * - own share: of the top 10, the share that an ESCO occupation whose preferred label is one of
 *   the unit group's coding-index titles relates (essential or optional), over the groups with one.
 * Before = every ESCO occupation of the unit group's ISCO-08 groups, skills by how many share them.
 */
import { SourceCatalog } from '../src/domain/sources.js';
import { SOURCES } from '../src/ingest/registry.js';
import { CodingIndexCache } from '../src/queries/occupations/coding-index.js';
import { CurrentEditions } from '../src/queries/current-editions.js';
import { iscoSharesOf } from '../src/queries/occupations/isco-groups.js';
import { UnitGroupTexts } from '../src/queries/occupations/unit-group-text.js';
import { Occupations } from '../src/queries/occupations/index.js';
import { SkillProfiles } from '../src/queries/skills/skill-profiles.js';
import { Skills } from '../src/queries/skills/index.js';
import { exactTitleKey } from '../src/search/exact-title.js';
import { escoOccupationsWithLabels, escoSkillsByOccupation, skillsSharedByOccupations } from '../src/store/skills.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

const TOP = 10;
/** A skill ESCO relates to at least this share of all its occupations is generic. */
const GENERIC_SHARE = 0.05;

const store = await copyTemplate('sqlite');
try {
  const current = new CurrentEditions(store.db, new SourceCatalog(SOURCES));
  const codingIndex = new CodingIndexCache(store.db, current);
  const occupations = new Occupations(store.db, current, codingIndex);
  const skills = new Skills(
    occupations,
    new SkillProfiles(store.db, current, new UnitGroupTexts(store.db, current, codingIndex), async () =>
      (await occupations.structure()).unitGroups.map(({ code, title }) => ({ code, title })),
    ),
  );
  const [escoOccupations, skillsEdition, relationsEdition] = await Promise.all(
    (['esco-occupations', 'esco-skills', 'esco-occupation-skills'] as const).map((key) => current.latest(key)),
  );
  if (!escoOccupations || !skillsEdition || !relationsEdition) throw new Error('ESCO is not ingested in the template');
  const index = (await codingIndex.get())!;
  const candidates = await escoOccupationsWithLabels(store.db, escoOccupations.id);
  const relations = await escoSkillsByOccupation(store.db, relationsEdition.id);
  const df = new Map<string, number>();
  for (const { essential, optional } of relations.values())
    for (const id of new Set([...essential, ...optional])) df.set(id, (df.get(id) ?? 0) + 1);
  const titleIds = new Map<string, string>();
  const titleOf = new Map<string, string>();
  const generic = (title: string) => (df.get(titleIds.get(title) ?? '') ?? 0) >= GENERIC_SHARE * relations.size;

  const totals = { groups: 0, genericBefore: 0, genericAfter: 0, anchored: 0, ownBefore: 0, ownAfter: 0 };
  const started = performance.now();
  for (const unit of (await occupations.structure()).unitGroups) {
    const records = index.byUnitGroup.get(unit.code) ?? [];
    const iscos = new Set(iscoSharesOf(records).map((s) => s.isco08));
    const inGroups = candidates.filter((o) => iscos.has(o.iscoGroup));
    if (inGroups.length === 0) continue;
    const shared = await skillsSharedByOccupations(
      store.db,
      { relations: relationsEdition.id, skills: skillsEdition.id },
      inGroups.map((o) => o.conceptId),
      null,
    );
    for (const s of shared) {
      titleIds.set(s.title, s.skillId);
      titleOf.set(s.skillId, s.title);
    }
    const before = shared
      .filter((s) => s.skillType !== null)
      .sort(
        (a, b) => b.sharedBy - a.sharedBy || b.essentialFor - a.essentialFor || a.title.localeCompare(b.title, 'en-GB'),
      )
      .slice(0, TOP)
      .map((s) => s.title);
    const after = (await skills.skills(unit.code, null, TOP)).skills.map((s) => s.skillTitle);
    totals.groups++;
    totals.genericBefore += before.filter(generic).length / before.length;
    totals.genericAfter += after.filter(generic).length / after.length;
    // An ESCO occupation named like one of the group's own titles: its skills are what the group's should look like.
    const keys = new Set(records.map((r) => exactTitleKey(r.naturalTitle)));
    const anchor = inGroups.find((o) => keys.has(exactTitleKey(o.title)));
    const own = anchor && relations.get(anchor.conceptId);
    if (own) {
      const ownTitles = new Set([...own.essential, ...own.optional].map((id) => titleOf.get(id)));
      totals.anchored++;
      totals.ownBefore += before.filter((t) => ownTitles.has(t)).length / before.length;
      totals.ownAfter += after.filter((t) => ownTitles.has(t)).length / after.length;
    }
  }
  const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(1)}%`;
  console.log(
    `skills join over ${totals.groups} unit groups with ESCO occupations (${((performance.now() - started) / 1000).toFixed(0)} s):`,
  );
  console.log(
    `  top-${TOP} skills related to >= ${GENERIC_SHARE * 100}% of all ${relations.size} ESCO occupations (generic): before ${pct(totals.genericBefore, totals.groups)}, after ${pct(totals.genericAfter, totals.groups)}`,
  );
  console.log(
    `  top-${TOP} skills that the ESCO occupation named like one of the group's titles has (${totals.anchored} groups; not held out): before ${pct(totals.ownBefore, totals.anchored)}, after ${pct(totals.ownAfter, totals.anchored)}`,
  );
} finally {
  await store.dispose();
}

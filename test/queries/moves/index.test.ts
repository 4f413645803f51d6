import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { RANKING, rankScore, structuralScore } from '../../../src/queries/moves/ranking.js';
import type { MovesQuery } from '../../../src/schemas/moves.js';
import { createServices, type Services } from '../../../src/services.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { testConfig } from '../../helpers/served-app.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { copyTemplate } from '../../helpers/template-databases.js';

const query = (extra: Partial<MovesQuery> = {}): MovesQuery => ({ limit: 10, area: 'uk', ...extra });

/** Every skill title ESCO relates to the ESCO occupations a unit group's profile draws on: read here from the tables. */
async function escoSkillTitlesOf(store: TestStore, services: Services, soc: string): Promise<Set<string>> {
  const { profile } = await services.skillProfiles.of(soc, 'test');
  const rows = await store.db
    .selectFrom('esco_occupation_skills as r')
    .innerJoin('editions as e', 'e.id', 'r.edition_id')
    .select(['r.essential_skill_ids', 'r.optional_skill_ids'])
    .where('e.status', '=', 'published')
    .where(
      'r.occupation_id',
      'in',
      profile.related.map((r) => r.occupation.conceptId),
    )
    .execute();
  const ids = new Set(
    rows.flatMap((r) => [r.essential_skill_ids, r.optional_skill_ids].flatMap((j) => JSON.parse(j) as string[])),
  );
  const skills = await store.db
    .selectFrom('esco_skills as s')
    .innerJoin('editions as e', 'e.id', 's.edition_id')
    .select(['s.concept_id', 's.title'])
    .where('e.status', '=', 'published')
    .execute();
  return new Set(skills.filter((s) => ids.has(s.concept_id)).map((s) => s.title));
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Moves (${dialect})`, () => {
    let store: TestStore;
    let services: Services;
    before(async () => {
      store = await copyTemplate(dialect);
      services = createServices(testConfig(store.dataDir), store);
    });
    after(() => store.dispose());

    it('ranks by skills closeness and progression evidence: HGV drivers to bus drivers in the first 5, care workers to nursing auxiliaries in the first 10, primary teachers to no job paying half as much', async () => {
      const moves = await services.moves.moves('8211', query({ limit: 25 }));
      assert.equal(moves.candidates, 410);
      assert.equal(moves.moves.length, 25);
      const at = moves.moves.findIndex((m) => m.soc2020 === '8212');
      assert.ok(at >= 0 && at < 5, `8212 at ${at + 1}`);
      const scores = moves.moves.map((m) => m.rankScore);
      assert.deepEqual(
        scores,
        [...scores].sort((a, b) => b - a),
      );
      assert.ok(moves.moves.every((m) => m.soc2020 !== '8211'));
      const care = await services.moves.moves('6135', query({ limit: 10 }));
      assert.ok(care.moves.some((m) => m.soc2020 === '6131'));
      const primary = await services.moves.moves('2314', query({ limit: 10 }));
      for (const m of primary.moves)
        assert.ok((m.pay.differencePercent ?? 0) > -50, `${m.soc2020} ${m.pay.differencePercent}`);
      assert.ok(!primary.moves.some((m) => m.soc2020 === '9233'), 'no exam invigilators');
    });

    it("lists no target whose Volume 1 entry route needs a degree or registration the source's lacks: paramedics get no dentist, optometrist or podiatrist, nurses no doctor", async () => {
      const paramedics = await services.moves.moves('2255', query({ limit: 50 }));
      for (const soc of ['2252', '2253', '2256']) assert.ok(!paramedics.moves.some((m) => m.soc2020 === soc), soc);
      const nurses = await services.moves.moves('2237', query({ limit: 50 }));
      assert.ok(!nurses.moves.some((m) => m.soc2020 === '2211'), 'no GP');
      assert.ok(
        nurses.moves.some((m) => m.soc2020 === '2234'),
        'nurse practitioner stays: same route in',
      );
    });

    it("scores each move by the documented evidence: closeness, shared routes in, the SOC minor group, pay direction and the target's ASHE jobs", async () => {
      for (const from of ['6135', '2231']) {
        const { moves } = await services.moves.moves(from, query({ limit: 10 }));
        for (const m of moves) {
          const ashe = await services.pay.pay(m.soc2020, {
            measure: 'annual_pay_gross',
            sex: 'all',
            pattern: 'all',
            area: 'uk',
          });
          const structural = structuralScore(
            from,
            { soc: m.soc2020, closeness: m.skills.closeness, sharedRoutes: m.sharedRoutesIn, entryBarrier: false },
            RANKING,
          );
          const payRatio = m.pay.differencePercent === null ? null : 1 + m.pay.differencePercent / 100;
          const expected = rankScore(structural, { payRatio, jobsThousands: ashe.employeeJobsThousands }, RANKING);
          // The response rounds closeness and rankScore to three places.
          assert.ok(Math.abs(m.rankScore - expected) <= 0.002 + 0.02 * expected, `${from} -> ${m.soc2020}`);
        }
      }
    });

    it('never shows an empty list to learn as nothing to learn: the basis says why it is empty', async () => {
      let empty = 0;
      for (const from of ['2314', '4212', '4215', '2235']) {
        const { moves } = await services.moves.moves(from, query({ limit: 10 }));
        for (const m of moves.filter((x) => x.skills.toLearnCount === 0)) {
          empty += 1;
          assert.match(m.skills.basis, /does not mean there is nothing to learn/, `${from} -> ${m.soc2020}`);
        }
      }
      assert.ok(empty > 0);
    });

    it('says where ESCO cannot tell two occupations apart instead of claiming nothing to learn', async () => {
      const compared = await services.moves.compare('2235', '2236', { area: 'uk' });
      assert.equal(compared.forward.distinguishable, false);
      assert.ok(compared.forward.sharedEvidence >= 0.5);
      assert.match(compared.forward.basis, /cannot tell what 2236 needs that 2235 lacks/);
      const apart = await services.moves.compare('8211', '2314', { area: 'uk' });
      assert.equal(apart.forward.distinguishable, true);
      assert.equal(apart.forward.sharedEvidence, 0);
    });

    it("lists shared skills and skills to learn that are disjoint, from the target's ESCO skills, most specific first", async () => {
      for (const soc of ['6135', '2136', '5223']) {
        const { moves } = await services.moves.moves(soc, query({ limit: 5 }));
        for (const move of moves) {
          const shared = move.skills.shared.map((s) => s.skillTitle);
          const toLearn = move.skills.toLearn.map((s) => s.skillTitle);
          assert.equal(
            new Set([...shared, ...toLearn]).size,
            shared.length + toLearn.length,
            `${soc} -> ${move.soc2020}`,
          );
          const held = await escoSkillTitlesOf(store, services, move.soc2020);
          for (const title of [...shared, ...toLearn]) assert.ok(held.has(title), `${title} of ${move.soc2020}`);
          for (const list of [move.skills.shared, move.skills.toLearn]) {
            const specificity = list.map((s) => s.specificity);
            assert.deepEqual(
              specificity,
              [...specificity].sort((a, b) => b - a),
            );
          }
          for (const s of move.skills.shared) assert.ok(s.heldInSource >= s.heldInTarget / 2 - 0.01);
          for (const s of move.skills.toLearn) assert.ok(s.heldInSource < s.heldInTarget / 2 + 0.01);
        }
      }
    });

    it('gives pay of both in the same ASHE year with the difference, the outlook, vacancies and routes in, each with provenance', async () => {
      const { moves } = await services.moves.moves('4122', query({ limit: 5 }));
      for (const { pay, outlook, vacancies, routesIn } of moves) {
        assert.ok(pay.from && pay.to);
        assert.equal(pay.from.year, pay.to.year);
        assert.match(pay.from.provenance.edition, /ASHE Table 14/);
        if (pay.from.presentable && pay.to.presentable) {
          assert.equal(pay.differencePounds, pay.to.median! - pay.from.median!);
          assert.equal(pay.differencePercent, Math.round((pay.differencePounds / pay.from.median!) * 1000) / 10);
        } else assert.equal(pay.differencePounds, null);
        assert.ok(outlook.provenance && outlook.group && outlook.direction);
        assert.match(outlook.provenance.edition, /Working Futures/);
        assert.match(vacancies.derivation ?? '', /SOC 2010 (unit|minor|sub-major|major) group \d{1,4} /);
        assert.ok(vacancies.provenance);
        assert.ok(routesIn.howToBecomeProfiles.count !== null && routesIn.howToBecomeProfiles.provenance);
        assert.ok(routesIn.apprenticeships.count !== null && routesIn.apprenticeships.provenance);
      }
    });

    it('keeps only moves paying at least minPayChange percent more', async () => {
      const all = await services.moves.moves('6135', query({ limit: 50 }));
      const better = await services.moves.moves('6135', query({ limit: 10, minPayChange: 20 }));
      assert.equal(better.moves.length, 10);
      for (const move of better.moves)
        assert.ok(move.pay.differencePercent !== null && move.pay.differencePercent >= 20);
      const expected = all.moves.filter((m) => (m.pay.differencePercent ?? -Infinity) >= 20).map((m) => m.soc2020);
      assert.deepEqual(
        better.moves.map((m) => m.soc2020),
        expected.slice(0, 10),
      );
    });

    it('gives England outlooks on SOC 2020, and for a nation with no workbook every outlook null with the reason', async () => {
      const england = await services.moves.moves('2136', query({ limit: 3, area: 'england' }));
      for (const m of england.moves) {
        assert.equal(m.outlook.group?.code, m.soc2020.slice(0, 2));
        assert.match(m.outlook.provenance?.edition ?? '', /2020 to 2035/);
      }
      assert.ok(england.outlookCitation);
      const wales = await services.moves.moves('2136', query({ limit: 3, area: 'wales' }));
      for (const m of wales.moves) {
        assert.equal(m.outlook.direction, null);
        assert.match(m.outlook.reason ?? '', /Wales/);
      }
      assert.equal(wales.outlookCitation, null);
    });

    it('answers 404 naming why for 5443 florists, whose ISCO-08 group has no ESCO occupation, and for an unknown code', async () => {
      await rejectsWithProblem(services.moves.moves('5443', query()), 'figure-not-found', /ISCO-08 group 7549/);
      await rejectsWithProblem(services.moves.moves('9999', query()), 'occupation-not-found');
      await rejectsWithProblem(services.moves.compare('6135', '5443', { area: 'uk' }), 'figure-not-found', /7549/);
    });

    it('compares two occupations both ways', async () => {
      const compared = await services.moves.compare('6135', '6131', { area: 'uk' });
      assert.deepEqual([compared.from.soc2020, compared.to.soc2020], ['6135', '6131']);
      const moves = await services.moves.moves('6135', query({ limit: 50 }));
      const move = moves.moves.find((m) => m.soc2020 === '6131')!;
      assert.equal(compared.forward.closeness, move.skills.closeness);
      assert.deepEqual(compared.pay, move.pay);
      assert.ok(compared.forward.toLearn.some((s) => /nurs/.test(s.skillTitle)));
      const reverse = await services.moves.compare('6131', '6135', { area: 'uk' });
      assert.deepEqual(reverse.forward, compared.backward);
      await rejectsWithProblem(services.moves.compare('6135', '6135', { area: 'uk' }), 'invalid-parameter');
    });
  });
}

import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { PROJECTION_AREA_SLUGS } from '../../../../../src/domain/projections.js';
import { servedFromTemplate, type ServedApp } from '../../../../helpers/served-app.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';

interface MoveBody {
  soc2020: string;
  skills: { shared: Array<{ skillTitle: string }>; toLearn: Array<{ skillTitle: string }> };
  pay: { differencePercent: number | null };
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`GET /v1/occupations/{soc}/moves and /compare/{other} (${dialect})`, () => {
    let served: ServedApp;
    before(async () => {
      served = await servedFromTemplate(dialect);
    });
    after(() => served.close());

    it('answers at least 400 of the 412 unit groups with moves (all but 5443, which says why)', async () => {
      const { unitGroups } = await served.services.occupations.structure();
      const failed: string[] = [];
      for (const { code } of unitGroups) {
        const res = await served.get(`/v1/occupations/${code}/moves?limit=3`);
        if (res.statusCode !== 200 || (res.json<{ moves: MoveBody[] }>().moves.length ?? 0) === 0) failed.push(code);
      }
      assert.deepEqual(failed, ['5443']);
      const florists = await served.get('/v1/occupations/5443/moves');
      assert.equal(florists.statusCode, 404);
      assert.equal(florists.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(florists.json().type, '/problems/figure-not-found');
      assert.match(florists.json().detail, /ISCO-08 group 7549/);
    });

    it('answers 6135 with the default ten moves, caring and welfare occupations first, with method and provenance', async () => {
      const res = await served.get('/v1/occupations/6135/moves');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.moves.length, 10);
      assert.ok(['32', '61'].includes(body.moves[0].subMajorGroup.code), body.moves[0].soc2020);
      assert.equal(body.method, '/docs/skills-and-moves.md#moves');
      assert.match(body.provenance.source, /ESCO|occupation/i);
      assert.match(body.skillsAttribution, /ESCO|European/);
      assert.match(body.outlookCitation, /Working Futures|Warwick/);
      for (const move of body.moves as MoveBody[]) {
        const titles = [...move.skills.shared, ...move.skills.toLearn].map((s) => s.skillTitle);
        assert.equal(new Set(titles).size, titles.length);
      }
    });

    it('filters by minPayChange', async () => {
      const res = await served.get('/v1/occupations/9223/moves?minPayChange=15&limit=5');
      assert.equal(res.statusCode, 200);
      const moves = res.json<{ moves: MoveBody[] }>().moves;
      assert.equal(moves.length, 5);
      for (const m of moves) assert.ok(m.pay.differencePercent !== null && m.pay.differencePercent >= 15);
    });

    it('refuses a bad limit, minPayChange or area with a 400 saying what is valid', async () => {
      for (const [q, name] of [
        ['limit=0', 'limit'],
        ['limit=51', 'limit'],
        ['minPayChange=cheap', 'minPayChange'],
        ['minPayChange=-101', 'minPayChange'],
        ['area=mars', 'area'],
        ['colour=red', 'colour'],
      ] as const) {
        const res = await served.get(`/v1/occupations/6135/moves?${q}`);
        assert.equal(res.statusCode, 400, q);
        const problem = res.json();
        assert.equal(problem.type, '/problems/invalid-parameter');
        const param = problem.invalidParams.find((p: { name: string }) => p.name === name);
        assert.ok(param, `${q}: ${JSON.stringify(problem.invalidParams)}`);
        if (name === 'area') assert.deepEqual(param.validValues, [...PROJECTION_AREA_SLUGS]);
        if (name === 'limit') assert.match(problem.detail, /1.*50/);
      }
    });

    it('answers 404 for an unknown occupation, on both endpoints', async () => {
      for (const url of [
        '/v1/occupations/9999/moves',
        '/v1/occupations/6135/compare/9999',
        '/v1/occupations/99/compare/6135',
      ]) {
        const res = await served.get(url);
        assert.equal(res.statusCode, 404, url);
        assert.equal(res.json().type, '/problems/occupation-not-found');
      }
    });

    it('compares 6135 with 6131 both ways, and refuses an occupation compared with itself', async () => {
      const res = await served.get('/v1/occupations/6135/compare/6131?area=england');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual([body.from.soc2020, body.to.soc2020, body.area.slug], ['6135', '6131', 'england']);
      assert.ok(body.forward.toLearn.length > 0 && body.backward.toLearn.length > 0);
      assert.equal(body.to.outlook.group.code, '61');
      assert.equal(typeof body.pay.differencePercent, 'number');
      const self = await served.get('/v1/occupations/6135/compare/6135');
      assert.equal(self.statusCode, 400);
      assert.equal(self.json().invalidParams[0].name, 'other');
    });

    it('needs a key', async () => {
      const res = await served.app.inject({ url: '/v1/occupations/6135/moves' });
      assert.equal(res.statusCode, 401);
    });
  });
}

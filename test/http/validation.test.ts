import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { serve, type ServedApp } from '../helpers/served-app.js';
import { openTestStore } from '../helpers/stores.js';

/**
 * The 400s the request schemas give, through the app as it is built. A store with nothing
 * ingested is enough: validation runs before any handler reads data, and the pay parameters whose
 * valid values depend on the data then say that none is published (the real releases are in the
 * pay route tests).
 */
describe('400s from the request schemas list what would be valid', () => {
  let served: ServedApp;
  const post = (url: string, payload: object) => served.app.inject({ method: 'POST', url, payload });
  before(async () => {
    served = await serve(await openTestStore('sqlite'));
  });
  after(() => served.close());

  it('lists the values of an enumeration, in the detail and in invalidParams', async () => {
    const res = await served.get('/v1/occupations/2134/employment?area=mars');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().type, '/problems/invalid-parameter');
    assert.deepEqual(res.json().invalidParams, [
      {
        name: 'area',
        reason: '`area` must be one of the valid values',
        validValues: ['uk', 'england', 'wales', 'scotland', 'northern-ireland'],
      },
    ]);
    assert.equal(
      res.json().detail,
      '`area` must be one of the valid values. Valid values of `area`: uk, england, wales, scotland, northern-ireland.',
    );
  });

  it('gives the range of a number, whether it is out of range, not a number or not whole', async () => {
    for (const limit of ['0', '51', 'ten', '2.5']) {
      const res = await served.get(`/v1/occupations/search?q=nurse&limit=${limit}`);
      assert.equal(res.statusCode, 400, limit);
      assert.deepEqual(
        res.json().invalidParams,
        [{ name: 'limit', reason: '`limit` must be a whole number from 1 to 50' }],
        limit,
      );
    }
    assert.equal(
      (await served.get('/v1/occupations/2134/skills?limit=201')).json().detail,
      '`limit` must be a whole number from 1 to 200.',
    );
  });

  it('says what a missing parameter or field is, from its description', async () => {
    assert.deepEqual((await served.get('/v1/occupations/search?limit=3')).json().invalidParams, [
      { name: 'q', reason: '`q` is required: the job title, 1 to 200 characters after trimming' },
    ]);
    const body = await post('/v1/keys/requests', {});
    assert.equal(body.statusCode, 400);
    assert.equal(body.json().type, '/problems/invalid-body');
    assert.equal(body.json().detail, '`email` is required: the address the confirmation link is sent to.');
  });

  it('names the parameters or fields an endpoint has when given another', async () => {
    const query = await served.get('/v1/occupations/2134/pay?salary=high');
    assert.equal(query.statusCode, 400);
    assert.equal(
      query.json().detail,
      '`salary` is not a parameter of this endpoint; its parameters are `measure`, `sex`, `pattern`, `year`, `edition`, `area`.',
    );
    const body = await post('/v1/keys/requests', { email: 'someone@example.org', name: 'Someone' });
    assert.equal(body.json().detail, '`name` is not a field of the request body; its fields are `email`.');
  });

  it('gives the length a text must have', async () => {
    const res = await post('/v1/keys/confirm', { token: 'x'.repeat(201) });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().invalidParams, [
      { name: 'token', reason: '`token` must be text 1 to 200 characters long' },
    ]);
  });

  it('says, for a malformed pay year or edition, which source would publish them when none of its releases is ingested', async () => {
    const year = await served.get('/v1/occupations/2134/pay?year=abc');
    assert.equal(year.statusCode, 400);
    assert.deepEqual(year.json().invalidParams, [
      {
        name: 'year',
        reason:
          '`year` must be a reference year of a published release of `ashe-table14`, and none has been ingested yet (see /v1/meta/sources)',
      },
    ]);
    const edition = await served.get('/v1/occupations/2134/pay?edition=not-a-uuid');
    assert.equal(
      edition.json().detail,
      '`edition` must be a uuid listed by /v1/meta/editions?source=ashe-table14 (a published or superseded release), and none has been ingested yet.',
    );
    const regional = await served.get('/v1/occupations/2134/pay/regions?year=last');
    assert.match(
      regional.json().detail,
      /^`year` must be a reference year of a published release of `ashe-table15`, and none/,
    );
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serve, type ServedApp } from '../../../../helpers/served-app.js';
import { DIALECTS_ABOVE_STORE } from '../../../../helpers/stores.js';
import { copyTemplate, withdrawSources } from '../../../../helpers/template-databases.js';
import { appForSuite } from '../../../../helpers/composition-root.js';

interface Occupation {
  code: string;
  match: string;
  status: string;
  level: number | null;
  derivation: string;
  release: { source: string; edition: string };
  products: {
    type: string;
    level: number | null;
    careerStarter: boolean | null;
    detail: { durationMonths: number | null; version: string } | null;
  }[];
}

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`apprenticeships (${dialect})`, () => {
    const served = appForSuite(dialect);

    it('relates ST0116 Software developer to 2134 as a primary match, through the NCS profile and its typical job titles', async () => {
      const res = await served.get('/v1/occupations/2134/apprenticeships');
      assert.equal(res.statusCode, 200);
      const body = res.json();
      const st0116 = (body.occupations as Occupation[]).find((o) => o.code === 'ST0116')!;
      assert.equal(st0116.match, 'primary');
      assert.equal((body.occupations as Occupation[])[0]!.code, 'ST0116');
      assert.equal(st0116.status, 'Approved for delivery');
      assert.equal(st0116.level, 4);
      assert.match(
        st0116.derivation,
        /profile "Software developer", placed here with confidence \d\.\d\d, linked it in November 2020/,
      );
      assert.match(
        st0116.derivation,
        /the occupation it is named for \("Software developer"\) is a title the ONS coding index gives this unit group; of its typical job titles, .*"Web developer".* are titles/,
      );
      // No robotics engineering for programmers.
      assert.ok(!(body.occupations as Occupation[]).some((o) => ['ST1317', 'ST1381'].includes(o.code)));
      assert.deepEqual(st0116.products, [
        {
          code: 'ST0116',
          name: 'Software developer',
          type: 'apprenticeship',
          level: 4,
          status: 'Approved for delivery',
          careerStarter: null,
          detail: {
            durationMonths: 24,
            entryRequirements: null,
            regulatedBy: null,
            professionalRecognition: [],
            degree: null,
            qualificationsGained: [],
            version: '1.2',
          },
        },
      ]);
      // Counts are of primary matches.
      const primary = (body.occupations as Occupation[]).filter((o) => o.match === 'primary');
      // Approved in the release holding them: today's list, or the January 2023 answers.
      assert.equal(
        body.apprenticeshipsAvailable,
        primary.filter((o) => /^Approved for delivery( as of January 2023)?($|;)/.test(o.status)).length,
      );
      // No T Level release is read: unknown, never a 0 no release says.
      assert.equal(body.tLevels, null);
      assert.match(body.coverage.note, /tLevels is null until a T Level release is read/);
      assert.match(body.coverage.note, /No publisher mapping of apprenticeship standards to SOC 2020 is available/);
      assert.match(
        body.coverage.note,
        /No release is available of: T Levels.*\(`t-levels`\).*\(`higher-technical-qualifications`\)/,
      );
      assert.match(
        body.attribution,
        /Skills England licensed under the Open Government Licence v3\.0\. Display the Skills England logo/,
      );
      assert.match(
        body.provenance.edition,
        /^Apprenticeship standards approved for delivery, 157 retrieved 2026-09-29$/,
      );
    });

    it('relates ST0152 Installation and maintenance electrician to 5241 by its typical job title, before the degree-level engineer', async () => {
      const body = (await served.get('/v1/occupations/5241/apprenticeships')).json();
      const codes = (body.occupations as Occupation[]).map((o) => o.code);
      const st0152 = (body.occupations as Occupation[]).find((o) => o.code === 'ST0152')!;
      assert.equal(st0152.match, 'primary');
      assert.match(st0152.derivation, /of its typical job titles, "Electrician" is a title the ONS coding index gives/);
      assert.ok(!codes.includes('ST0024') || codes.indexOf('ST0152') < codes.indexOf('ST0024'), codes.join(' '));
      assert.equal(st0152.products[0]!.detail!.durationMonths, 54);
    });

    it('shows a standard outside the approved list by default only on strong evidence, the rest with includeInactive=true, labelled so', async () => {
      const active = (await served.get('/v1/occupations/5241/apprenticeships')).json().occupations as Occupation[];
      const all = (await served.get('/v1/occupations/5241/apprenticeships?includeInactive=true')).json()
        .occupations as Occupation[];
      // By default: approved, named by a 2026 NCS page, or linked by a strongly placed profile (said so).
      for (const o of active)
        assert.match(
          o.status,
          /^Approved for delivery$|^Approved for delivery as of January 2023$|listed by the National Careers Service in 2026$|^Unknown: not among|^Retired as of January 2023$/,
          o.code,
        );
      // ST0158 Smart meter installer: linked by the Smart meter installer profile, placed here
      // strongly; only the January 2023 answers hold it, retired then: said so, never as today's.
      const st0158 = active.find((o) => o.code === 'ST0158')!;
      assert.equal(st0158.status, 'Retired as of January 2023');
      assert.equal(st0158.level, 2);
      assert.match(st0158.release.edition, /^Apprenticeship standards as of January 2023/);
      const shown = new Set(active.map((o) => o.code));
      const onlyAsked = all.filter((o) => !shown.has(o.code));
      assert.ok(onlyAsked.length > 0);
      for (const o of onlyAsked)
        assert.match(o.status, /^Unknown: not among|^(Retired|Withdrawn) as of January 2023$/, o.code);
      const everything = new Set(all.map((o) => o.code));
      assert.ok(active.every((o) => everything.has(o.code)));
    });

    it('offers care workers (6135) Adult care worker by default, not Business administrator or Probation service practitioner', async () => {
      const body = (await served.get('/v1/occupations/6135/apprenticeships')).json();
      const codes = (body.occupations as Occupation[]).map((o) => o.code);
      assert.ok(codes.includes('ST0005'), codes.join(' '));
      assert.ok(!codes.includes('ST0070') && !codes.includes('ST0494'), codes.join(' '));
      const adult = (body.occupations as Occupation[]).find((o) => o.code === 'ST0005')!;
      assert.match(adult.derivation, /profile "Care worker", placed here with confidence/);
      assert.match(body.coverage.note, /"primary" means the derived evidence is direct, not a publisher's mapping/);
    });

    it('relates Registered nurse degree to 2237 and Teacher to 2314 as primary: a bracketed title looked up bare, a profile corroborated by an index title', async () => {
      for (const [soc, code] of [
        ['2237', 'ST0781'],
        ['2314', 'ST0490'],
      ] as const) {
        const body = (await served.get(`/v1/occupations/${soc}/apprenticeships`)).json();
        const standard = (body.occupations as Occupation[]).find((o) => o.code === code);
        assert.equal(standard?.match, 'primary', `${code} at ${soc}: ${JSON.stringify(standard)}`);
      }
    });

    it("offers 2023-only standards with their status then, their release, and the detail the institute's answer gives", async () => {
      const care = (await served.get('/v1/occupations/6135/apprenticeships')).json();
      const adult = (care.occupations as Occupation[]).find((o) => o.code === 'ST0005')!;
      assert.equal(adult.match, 'primary');
      assert.equal(adult.status, 'Approved for delivery as of January 2023');
      assert.equal(
        adult.release.source,
        'Apprenticeship standards as of January 2023 (Institute for Apprenticeships API answers)',
      );
      assert.match(adult.derivation, /as the institute's API answered in January 2023/);
      assert.deepEqual(adult.products[0]!.careerStarter, false);
      assert.equal(adult.products[0]!.detail!.durationMonths, 12);
      // Counted: the releases hold it approved; the coverage says which release and when.
      assert.ok(care.apprenticeshipsAvailable >= 1);
      assert.match(care.coverage.note, /its status is the status as of January 2023, never today's/);
      assert.match(care.coverage.referencePeriod, /; Apprenticeship standards as of January 2023/);
      // The 2026 record wins where both hold a standard: its own release, its status as given.
      const dev = (await served.get('/v1/occupations/2134/apprenticeships')).json().occupations as Occupation[];
      const st0116 = dev.find((o) => o.code === 'ST0116')!;
      assert.equal(st0116.status, 'Approved for delivery');
      assert.match(
        st0116.release.edition,
        /^Apprenticeship standards approved for delivery, 157 retrieved 2026-09-29$/,
      );
      // Teaching assistants and plumbers get their standard; the 2026 record wins, and it carries
      // no careerStarter flag: null, not the 2023 answer's.
      for (const [soc, code] of [
        ['6112', 'ST0454'],
        ['5315', 'ST0303'],
      ] as const) {
        const page = (await served.get(`/v1/occupations/${soc}/apprenticeships`)).json();
        const o = (page.occupations as Occupation[]).find((x) => x.code === code)!;
        assert.equal(o.match, 'primary', `${soc} ${code}`);
        assert.equal(o.products[0]!.careerStarter, null, `${soc} ${code}`);
        assert.ok(page.apprenticeshipsAvailable >= 1, soc);
      }
      // Chefs: Production chef, only in the 2023 answers, a career starter there.
      const chefs = (await served.get('/v1/occupations/5434/apprenticeships')).json().occupations as Occupation[];
      const production = chefs.find((o) => o.code === 'ST0589')!;
      assert.match(production.status, /^Approved for delivery as of January 2023/);
      assert.equal(production.products[0]!.careerStarter, true);
    });

    it('answers 400 for a non-boolean includeInactive and 404 for an unknown occupation', async () => {
      const bad = await served.get('/v1/occupations/2134/apprenticeships?includeInactive=maybe');
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().detail, /includeInactive.*true or false/);
      assert.equal((await served.get('/v1/occupations/0000/apprenticeships')).statusCode, 404);
    });
  });
}

describe('apprenticeships and the sources with no release', () => {
  it('lists T Levels, foundation apprenticeships, units and HTQs with no edition, and answers 404 naming the standards when they have none', async () => {
    const store = await copyTemplate('sqlite');
    await withdrawSources(store, ['apprenticeship-standards']);
    const served = await serve(store);
    try {
      const sources = (await served.app.inject({ url: '/v1/meta/sources' })).json<
        {
          key: string;
          publisher: string;
          currentEdition: string | null;
        }[]
      >();
      for (const key of [
        't-levels',
        'foundation-apprenticeships',
        'apprenticeship-units',
        'higher-technical-qualifications',
        'apprenticeship-standards',
      ]) {
        const source = sources.find((s) => s.key === key)!;
        assert.equal(source.publisher, 'Skills England (Department for Education)');
        assert.equal(source.currentEdition, null, key);
      }
      const res = await served.get('/v1/occupations/2134/apprenticeships');
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().source, 'apprenticeship-standards');
    } finally {
      await served.close();
    }
  });
});

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`apprenticeships from a release listing every status, as the API does (${dialect})`, () => {
    let served: ServedApp;
    before(async () => {
      const store = await copyTemplate(dialect);
      // The API's list keeps retired standards with their status; the mirror's holds approved ones only.
      await store.db
        .updateTable('apprenticeship_standards')
        .set({ status: 'Retired' })
        .where('code', '=', 'ST0152')
        .where('edition_id', 'in', (eb) =>
          eb.selectFrom('editions').select('id').where('source_key', '=', 'apprenticeship-standards'),
        )
        .execute();
      served = await serve(store);
    });
    after(() => served.close());

    it('lists a retired standard only with includeInactive=true, with its status as given', async () => {
      const active = (await served.get('/v1/occupations/5241/apprenticeships')).json().occupations as Occupation[];
      assert.equal(
        active.find((o) => o.code === 'ST0152'),
        undefined,
      );
      const all = (await served.get('/v1/occupations/5241/apprenticeships?includeInactive=true')).json()
        .occupations as Occupation[];
      const st0152 = all.find((o) => o.code === 'ST0152')!;
      assert.equal(st0152.status, 'Retired');
      assert.equal(st0152.products[0]!.detail!.durationMonths, 54);
    });
  });
}

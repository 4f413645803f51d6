import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type CurrentEditions } from '../../../src/queries/current-editions.js';
import { type Vacancies } from '../../../src/queries/vacancies/index.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { withdrawSources } from '../../helpers/template-databases.js';
import { largestSupplier, rawEssFigures, rawEssUnitsUnder } from '../../helpers/vacancy-sources.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Vacancies (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let vacancies: Vacancies;
    const root = servicesForSuite(dialect);
    before(() => {
      store = root.store;
      current = root.services.currentEditions;
      vacancies = root.services.vacancies;
    });

    it('carries care workers (6135) from SOC 2010 6145, the group supplying most of their workers, and says so with its shares', async () => {
      const largest = largestSupplier('6135');
      assert.equal(largest.soc2010, '6145');
      const body = await vacancies.vacancies('6135', 'uk');
      assert.deepEqual(body.group, {
        code: '6145',
        title: 'Care workers and home carers',
        level: 'unit group',
        classification: 'SOC 2010',
      });
      assert.equal(
        body.derivation,
        `Vacancies in SOC 2010 unit group 6145 (Care workers and home carers): 6145 supplies ${percent(largest.share)} of the workers of 6135, and the Employer Skills Survey codes to SOC 2010, not SOC 2020. They are 6145's own figures, whole, not apportioned.`,
      );
      assert.equal(body.method, '/docs/methods/vacancies.md#which-group-the-figures-are');
    });

    it('gives the published cells, vacancies to the nearest 100: 6145 in 2022 and 2017, and the 2022 Total row', async () => {
      const body = await vacancies.vacancies('6135', 'uk');
      for (const [year, figures] of [
        [2022, body.latest],
        [2017, body.previous!],
      ] as const) {
        const [employers, vac, htfv, ssv, htfvPct, ssvPct] = rawEssFigures(
          year,
          '6145 - Care workers and home carers',
        ).map(Number) as [number, number, number, number, number, number];
        assert.deepEqual(figures, {
          year,
          vacancies: Math.round(vac / 100) * 100,
          hardToFill: Math.round(htfv),
          skillShortage: Math.round(ssv),
          hardToFillPercent: Math.round(htfvPct * 10) / 10,
          skillShortagePercent: Math.round(ssvPct * 10) / 10,
          employersReporting: employers,
          presentable: true,
        });
      }
      assert.deepEqual(
        [body.latest.vacancies, body.latest.hardToFill, body.latest.hardToFillPercent],
        [144_600, 97_005, 67.1],
      );
      const [employers, vac, htfv] = rawEssFigures(2022, 'Total,Total,Total,Total').map(Number) as [
        number,
        number,
        number,
      ];
      assert.equal(body.allOccupations.year, 2022);
      assert.equal(body.allOccupations.vacancies, Math.round(vac / 100) * 100);
      assert.equal(body.allOccupations.vacancies, 1_472_700);
      assert.equal(body.allOccupations.hardToFill, Math.round(htfv));
      assert.equal(body.allOccupations.employersReporting, employers);
      assert.equal(body.provenance.edition, (await current.latest('ess-vacancies'))!.label);
    });

    it('shows a withheld unit group as null, never its siblings: 1111 from 1115, the sum of 11 named as context', async () => {
      assert.deepEqual(rawEssFigures(2022, '1115 - Chief executives and senior officials').slice(1), [
        'u',
        'u',
        'u',
        'u',
        'u',
      ]);
      // The file has no group rows, and minor group 111 has no unit group with figures: sub-major group 11 is summed.
      assert.deepEqual(rawEssUnitsUnder(2022, '111').published, []);
      const units = rawEssUnitsUnder(2022, '11');
      assert.ok(units.published.length > 1);
      const body = await vacancies.vacancies('1111', 'uk');
      assert.deepEqual(
        { code: body.group.code, level: body.group.level, classification: body.group.classification },
        { code: '1115', level: 'unit group', classification: 'SOC 2010' },
      );
      assert.deepEqual(body.latest, {
        year: 2022,
        vacancies: null,
        hardToFill: null,
        skillShortage: null,
        hardToFillPercent: null,
        skillShortagePercent: null,
        employersReporting: body.latest.employersReporting,
        presentable: false,
      });
      const context = body.siblingsContext!;
      assert.deepEqual(
        { code: context.code, level: context.level, published: context.published, withheld: context.withheld },
        {
          code: '11',
          level: 'sub-major group',
          published: units.published.map((u) => u.code),
          withheld: units.withheld,
        },
      );
      assert.deepEqual(context.employerReports, units.employerReports);
      assert.ok(context.withheld.includes('1115'));
      const sum = (field: 'vacancies' | 'hardToFill' | 'skillShortage') =>
        units.published.reduce((total, u) => total + u[field], 0);
      assert.deepEqual(context.latest, {
        year: 2022,
        vacancies: Math.round(sum('vacancies') / 100) * 100,
        hardToFill: Math.round(sum('hardToFill')),
        skillShortage: Math.round(sum('skillShortage')),
        hardToFillPercent: Math.round((sum('hardToFill') / sum('vacancies')) * 1000) / 10,
        skillShortagePercent: Math.round((sum('skillShortage') / sum('vacancies')) * 1000) / 10,
        employersReporting: null,
        presentable: true,
      });
      assert.match(
        context.label,
        /^Context, not this occupation's figures: the sum of the \d+ unit groups of SOC 2010 sub-major group 11/,
      );
      // The previous survey compares like with like: the same unit groups, or nothing.
      const before = rawEssUnitsUnder(2017, '11').published.map((u) => u.code);
      const comparable = units.published.every((u) => before.includes(u.code));
      assert.equal(context.previous!.presentable, comparable);
      assert.match(
        body.derivation,
        /^Vacancies in SOC 2010 unit group 1115 \(Chief executives and senior officials\): .* The survey withheld 1115 in 2022 and the release publishes no row for a group above it, so 1111's figures are null; `siblingsContext` sums the \d+ unit groups of 11 it published, for context only: other occupations' figures, not 1111's\.$/,
      );
      assert.equal(body.allOccupations.presentable, true);
    });

    it("never shows one other occupation's figures: midwives (2231, SOC 2010 2232) are null, not nurses' (2231)", async () => {
      assert.equal(largestSupplier('2231').soc2010, '2232');
      // Of minor group 223 (nurses and midwives) the survey published nurses alone.
      assert.deepEqual(
        rawEssUnitsUnder(2022, '223').published.map((u) => u.code),
        ['2231'],
      );
      const body = await vacancies.vacancies('2231', 'uk');
      assert.deepEqual([body.group.code, body.group.level], ['2232', 'unit group']);
      assert.deepEqual([body.latest.vacancies, body.latest.hardToFill, body.latest.presentable], [null, null, false]);
      assert.match(body.derivation, /The survey withheld 2232 in 2022 .* so 2231's figures are null/);
      // The context, if any, is a group's sum (at least two published units), never nurses' figures alone.
      const context = body.siblingsContext;
      if (context) {
        assert.notEqual(context.code, '223');
        assert.ok(context.published.length >= 2);
      }
    });

    it('shows a published unit group whole, with no context sum (6135)', async () => {
      const body = await vacancies.vacancies('6135', 'uk');
      assert.equal(body.group.level, 'unit group');
      assert.equal(body.siblingsContext, null);
    });

    it('states a weak mapping as weak: 8160 takes 8111, which supplies under half of its workers', async () => {
      const largest = largestSupplier('8160');
      assert.equal(largest.soc2010, '8111');
      assert.ok(largest.share < 0.5);
      const body = await vacancies.vacancies('8160', 'uk');
      assert.equal(body.group.code, '8111');
      assert.ok(
        body.derivation.includes(`8111 supplies ${percent(largest.share)} of the workers of 8160`),
        body.derivation,
      );
    });

    it('answers 404 naming the by-nation release for a nation, and 404 for a code that is not a unit group', async () => {
      for (const nation of ['england', 'wales', 'scotland', 'northern-ireland'] as const) {
        const problem = await rejectsWithProblem(
          vacancies.vacancies('6135', nation),
          'source-unavailable',
          new RegExp(`^Vacancy figures for ${nation} come from`),
        );
        assert.equal(problem.extras.source, 'ess-vacancies-nations');
      }
      await rejectsWithProblem(vacancies.vacancies('9999', 'uk'), 'occupation-not-found');
    });

    it('answers 404 naming the survey, then the relationship table, once either has no release', async () => {
      await withdrawSources(store, ['soc-crosswalk']);
      current.invalidate();
      assert.equal(
        (await rejectsWithProblem(vacancies.vacancies('6135', 'uk'), 'source-unavailable')).extras.source,
        'soc-crosswalk',
      );
      await withdrawSources(store, ['ess-vacancies']);
      current.invalidate();
      assert.equal(
        (await rejectsWithProblem(vacancies.vacancies('6135', 'uk'), 'source-unavailable')).extras.source,
        'ess-vacancies',
      );
    });
  });
}

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { type Pay } from '../../../src/queries/pay/index.js';
import type { PayQuery } from '../../../src/schemas/pay.js';
import { asheRow, expectedFigure } from '../../helpers/ashe-workbooks.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { DIALECTS_ABOVE_STORE } from '../../helpers/stores.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

const ANNUAL: PayQuery = { measure: 'annual_pay_gross', sex: 'all', pattern: 'all', area: 'uk' };
/** The gross annual median of 2134 in a year's workbook (Table 14.7a, sheet All). */
const median2134 = (year: number) => expectedFigure(asheRow(year, '14.7a', 'All', '2134')[3]);

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Pay (${dialect})`, () => {
    let pay: Pay;
    const root = servicesForSuite(dialect);
    before(() => {
      pay = root.services.pay;
    });

    it('answers with the cell of the real workbook, from the newest release by default', async () => {
      const figures = await pay.pay('2134', ANNUAL);
      assert.equal(figures.year, 2024);
      assert.equal(figures.provisional, true);
      assert.equal(figures.title, 'Programmers and software development professionals');
      assert.equal(figures.distribution.median, median2134(2024));
      assert.equal(figures.mean, expectedFigure(asheRow(2024, '14.7a', 'All', '2134')[5]));
      assert.equal(figures.unit, 'GBP per year');
      assert.equal(figures.referencePeriod, 'Tax year 6 April 2023 to 5 April 2024');
      assert.equal(figures.provenance.edition, 'ASHE Table 14, 2024 provisional');
    });

    it('answers the year asked for, and a 400 listing the published years for any other', async () => {
      const figures = await pay.pay('2134', { ...ANNUAL, year: 2022 });
      assert.deepEqual(
        [figures.year, figures.distribution.median, figures.provenance.edition],
        [2022, median2134(2022), 'ASHE Table 14, 2022 provisional'],
      );
      const problem = await rejectsWithProblem(
        pay.pay('2134', { ...ANNUAL, year: 2019 }),
        'invalid-parameter',
        /2019 is not a published year/,
      );
      assert.deepEqual(problem.extras.invalidParams![0]!.validValues, ['2022', '2023', '2024']);
    });

    it('says what `year` and `edition` may be: the years and releases of the table the area reads', async () => {
      const uk = await pay.payParameters('uk');
      assert.deepEqual(uk.year, {
        must: 'a reference year of a published release of `ashe-table14`',
        validValues: ['2022', '2023', '2024'],
      });
      assert.equal(
        uk.edition.must,
        'a uuid listed by /v1/meta/editions?source=ashe-table14 (a published or superseded release)',
      );
      const pinned = await Promise.all(
        uk.edition.validValues!.map((edition) => pay.pay('2134', { ...ANNUAL, edition })),
      );
      assert.deepEqual(
        pinned.map((figures) => figures.year).sort(),
        [2022, 2023, 2024],
        'each id pins one of the releases',
      );
      assert.deepEqual(
        await pay.payParameters('not-an-area'),
        uk,
        'an area the schema refuses reads Table 14, as the UK does',
      );
      const london = await pay.payParameters('london');
      assert.equal(
        london.year.must,
        'a reference year of a published release of `ashe-table15`, and none has been ingested yet (see /v1/meta/sources)',
      );
      assert.equal(london.year.validValues, undefined);
      assert.deepEqual(await pay.regionalPayParameters(), { year: london.year });
    });

    it('gives a series of every published year, oldest first', async () => {
      const series = await pay.series('2134', ANNUAL);
      assert.deepEqual(
        series.points.map((p) => [p.year, p.median]),
        [2022, 2023, 2024].map((year) => [year, median2134(year)]),
      );
    });

    it('answers 404 for a code that is not a unit group, before reading any figure', async () => {
      for (const soc of ['9999', '213'])
        await rejectsWithProblem(
          pay.pay(soc, ANNUAL),
          'occupation-not-found',
          new RegExp(`There is no SOC 2020 unit group "${soc}"`),
        );
    });

    it('answers 404 naming ASHE Table 15 for a region or the regional table while it has no release', async () => {
      const problem = await rejectsWithProblem(
        pay.pay('2134', { ...ANNUAL, area: 'london' }),
        'source-unavailable',
        /^Regional pay figures come from/,
      );
      assert.equal(problem.extras.source, 'ashe-table15');
      await rejectsWithProblem(
        pay.regions('2134', { measure: 'annual_pay_gross', sex: 'all', pattern: 'all' }),
        'source-unavailable',
        /Table 15/,
      );
    });
  });
}

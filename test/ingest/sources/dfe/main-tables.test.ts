import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ProjectionClassification, ProjectionRelease } from '../../../../src/domain/projections.js';
import type { SheetRows, Workbook } from '../../../../src/ingest/formats/workbook.js';
import { lmspEnglandSource } from '../../../../src/ingest/sources/dfe/lmsp-england/descriptor.js';
import { checkMainTables } from '../../../../src/ingest/sources/dfe/main-tables.js';
import { mainTablesOf } from '../../../../src/ingest/sources/dfe/main-tables-layout.js';
import { workingFuturesUkSource } from '../../../../src/ingest/sources/dfe/working-futures-uk/descriptor.js';
import { mirrorUpstream } from '../../../../src/ingest/upstream.js';
import {
  ENGLAND_FILE,
  UK_FILE,
  occF2Cells,
  occT2Cells,
  projectionWorkbook,
  rdT1Cells,
} from '../../../helpers/projection-workbooks.js';
import { UPSTREAM_DIR } from '../../../helpers/upstream.js';

const england = mainTablesOf(projectionWorkbook(ENGLAND_FILE), 'SOC 2020');
const uk = mainTablesOf(projectionWorkbook(UK_FILE), 'SOC 2010');

/** The England workbook with some sheets changed, read again. */
function englandChanged(
  change: (sheets: Record<string, SheetRows>) => void,
  classification: ProjectionClassification = 'SOC 2020',
): ProjectionRelease {
  const book: Workbook = structuredClone(projectionWorkbook(ENGLAND_FILE));
  change(book.sheets);
  return mainTablesOf(book, classification);
}

const figuresOf = (release: ProjectionRelease, code: string) => release.groups.find((g) => g.code === code)!;
const rowStarting = (rows: SheetRows, text: string) =>
  rows.findIndex((r) =>
    String(r[0] ?? '')
      .trim()
      .startsWith(text),
  );

describe('MainTables workbooks (real files)', () => {
  it('reads England 2020-2035: 26 SOC 2020 sub-major groups and the total, their Occ T2 cells as published', () => {
    assert.deepEqual(
      [england.areaName, england.classification, england.baseYear, england.targetYear, england.databaseCreated],
      ['England', 'SOC 2020', 2020, 2035, '2023-02-10'],
    );
    assert.equal(england.groups.length, 27);
    for (const code of ['11', '21', '63', '92', 'all']) {
      const cells = occT2Cells(ENGLAND_FILE, code, 2020, 2035);
      const g = figuresOf(england, code);
      assert.deepEqual(
        [g.employmentBase, g.employmentTarget, g.netChange, g.replacementDemand, g.totalRequirement],
        [cells.base, cells.target, cells.net, cells.replacement, cells.total],
        code,
      );
    }
    assert.equal(figuresOf(england, '21').title, 'Science, research, engineering and technology professionals');
    assert.deepEqual(
      [figuresOf(england, 'all').employmentBase, figuresOf(england, 'all').employmentTarget].map(
        (n) => Math.round(n * 100) / 100,
      ),
      [29_859.68, 32_070.09],
    );
    assert.deepEqual(checkMainTables(england, 26), []);
  });

  it("reads each group's yearly series 2010-2035 from Occ F2, oldest first", () => {
    for (const code of ['21', '63', 'all']) {
      const g = figuresOf(england, code);
      assert.deepEqual(
        g.series.map((p) => p.year),
        Array.from({ length: 26 }, (_, i) => 2010 + i),
        code,
      );
      assert.deepEqual(new Map(g.series.map((p) => [p.year, p.employment])), occF2Cells(ENGLAND_FILE, code), code);
    }
  });

  it('reads RD T1: nine qualification levels of every group, small cells as published', () => {
    assert.equal(england.qualifications.length, 27 * 9);
    const cell = (code: string, level: string) =>
      england.qualifications.find((q) => q.code === code && q.qualification === level)!;
    const doctorates63 = cell('63', 'rqf8');
    assert.deepEqual(
      [
        doctorates63.employmentBase,
        doctorates63.employmentTarget,
        doctorates63.netChange,
        doctorates63.replacementDemand,
        doctorates63.totalRequirement,
      ],
      rdT1Cells(ENGLAND_FILE, 'RQF8', '63'),
    );
    assert.ok(doctorates63.employmentBase < 10, 'under 10,000 jobs');
    assert.equal(doctorates63.label, 'Doctorate');
    assert.deepEqual(Object.values(cell('21', 'none')).slice(3), rdT1Cells(ENGLAND_FILE, 'No Qualification', '21'));
    assert.equal(cell('all', 'rqf5').label, 'Foundation degree;Nursing;Teaching');
  });

  it("keeps the producers' words: copyright line, reporting paragraph and the 10,000 rule", () => {
    assert.equal(
      england.copyright,
      'Copyright: Warwick Institute for Employment Research / Cambridge Econometrics, 2023',
    );
    assert.match(
      england.reporting,
      /^The projections presented in this Workbook .* precise margins of error cannot be assigned to the estimates\. For further details, see the Skills Imperative 2035 Technical Report\.$/,
    );
    assert.equal(england.publishThreshold, 10_000);
    assert.equal(uk.copyright, 'Copyright: Warwick Institute for Employment Research / Cambridge Econometrics, 2020');
  });

  it('reads Working Futures UK 2017-2027: 25 SOC 2010 sub-major groups, series 2007-2027', () => {
    assert.deepEqual(
      [uk.areaName, uk.classification, uk.baseYear, uk.targetYear, uk.databaseCreated],
      ['United Kingdom', 'SOC 2010', 2017, 2027, '2019-03-27'],
    );
    assert.equal(uk.groups.length, 26);
    for (const code of ['21', '42', 'all']) {
      const cells = occT2Cells(UK_FILE, code, 2017, 2027);
      const g = figuresOf(uk, code);
      assert.deepEqual(
        [g.employmentBase, g.employmentTarget, g.netChange, g.replacementDemand, g.totalRequirement],
        [cells.base, cells.target, cells.net, cells.replacement, cells.total],
        code,
      );
      assert.deepEqual(new Map(g.series.map((p) => [p.year, p.employment])), occF2Cells(UK_FILE, code), code);
    }
    assert.deepEqual([uk.groups[0]!.series[0]!.year, uk.groups[0]!.series.at(-1)!.year], [2007, 2027]);
    assert.equal(figuresOf(uk, '63'), undefined, 'SOC 2010 has no sub-major group 63');
    assert.deepEqual(checkMainTables(uk, 25), []);
  });

  it('finds rows and columns by their labels: an inserted column and rows change nothing', () => {
    const moved = englandChanged((sheets) => {
      sheets['Occ T2'] = sheets['Occ T2']!.map((row) => [...row.slice(0, 6), null, ...row.slice(6)]);
      const f2 = sheets['Occ F2']!;
      sheets['Occ F2'] = [f2[0]!, [], [], ...f2.slice(1)];
      const rd = sheets['RD T1']!;
      sheets['RD T1'] = [rd[0]!, [], ...rd.slice(1)];
    });
    assert.deepEqual(moved, england);
  });

  it('refuses a layout it does not recognise, saying what is wrong', () => {
    const refuses = (change: (sheets: Record<string, SheetRows>) => void, reason: RegExp) =>
      assert.throws(() => englandChanged(change), reason);
    refuses(
      (s) => void (s['Occ T2']![rowStarting(s['Occ T2']!, 'Levels (000s)')]![0] = 'Level'),
      /Occ T2 has no "Levels \(000s\)" \(or "Levels"\) header row/,
    );
    // The Info sheet names the area on a "<kind> name" row (England's "Country name").
    refuses(
      (s) => void (s.Info = s.Info!.filter((row) => !/ name$/.test(String(row[0] ?? '')))),
      /the Info sheet has no "<area> name" row/,
    );
    refuses((s) => void (s['Occ T2']![5]![7] = 'Changes'), /Occ T2 has no "Net Change" column/);
    refuses(
      (s) => void (s['Occ T2']![rowStarting(s['Occ T2']!, '21 ')]![0] = '21x Science'),
      /Occ T2 row \d+: "21x Science" is neither a sub-major group nor "All occupations"/,
    );
    refuses(
      (s) => void (s['Occ T2']![rowStarting(s['Occ T2']!, '21 ')]![3] = 'n/a'),
      /Occ T2 row \d+ employmentBase: "n\/a" is not a figure/,
    );
    refuses(
      (s) => void (s['Occ F2']![0]![0] = 'Occupation Figure 2  Employment by Occupation (SOC 2010), 2010-2035'),
      /Occ F2 is not by occupation \(SOC 2020\)/,
    );
    refuses(
      (s) => void (s['RD T1']![rowStarting(s['RD T1']!, 'RQF8')]![0] = 'Level 8 Doctorate (Constrained)'),
      /RD T1: "Level 8 Doctorate \(Constrained\)" is not a qualification level/,
    );
    refuses(
      (s) =>
        void (s['Warning'] = s['Warning']!.map((row) =>
          row.map((c) => (String(c ?? '').startsWith('Copyright') ? null : c)),
        )),
      /no "Copyright:" line/,
    );
    refuses((s) => void delete s['RD T1'], /the workbook has no sheet "RD T1"/);
    assert.throws(
      () => mainTablesOf(projectionWorkbook(UK_FILE), 'SOC 2020'),
      /Occ T2 is not by occupation \(SOC 2020\)/,
    );
  });

  it('quarantines figures that do not hold together: a changed cell, a missing group, a missing level', () => {
    const failed = (release: ProjectionRelease) => checkMainTables(release, 26).filter((c) => c.status === 'fail');
    const changed = failed(englandChanged((s) => void (s['Occ T2']![rowStarting(s['Occ T2']!, '21 ')]![7] = 400)));
    assert.deepEqual(
      changed.map((c) => [c.rule.split(',')[0], c.observed]),
      [
        ['net change is the target-year level less the base-year level', '21'],
        ['the sub-major groups add up to all occupations in Occ T2', 'netChange'],
        ['RD T1 has every qualification level of every group', '21'],
      ],
    );
    const missing = failed(englandChanged((s) => void s['Occ T2']!.splice(rowStarting(s['Occ T2']!, '63 '), 1)));
    assert.deepEqual(
      missing.map((c) => c.rule),
      ['Occ T2 lists the 26 sub-major groups of SOC 2020', 'the sub-major groups add up to all occupations in Occ T2'],
    );
    const noDoctorates = failed(
      englandChanged((s) => void s['RD T1']!.splice(rowStarting(s['RD T1']!, 'RQF8') + 1, 1)),
    );
    assert.deepEqual(
      noDoctorates.map((c) => [c.rule, c.observed]),
      [['RD T1 has every qualification level of every group, and they add up to the group in Occ T2', '11']],
    );
  });

  it('finds each release only in its mirror folder and names it from the Info sheet', async () => {
    const upstream = mirrorUpstream(UPSTREAM_DIR);
    assert.deepEqual(
      (await lmspEnglandSource.detect(upstream)).map((r) => r.location.mirrorPath),
      [ENGLAND_FILE],
    );
    assert.deepEqual(
      (await workingFuturesUkSource.detect(upstream)).map((r) => r.location.mirrorPath),
      [UK_FILE],
    );
    assert.equal(
      lmspEnglandSource.labelOf!(england),
      'Labour market and skills projections 2020 to 2035: England main tables (SOC 2020 sub-major groups), database of 2023-02-10',
    );
    assert.equal(
      workingFuturesUkSource.labelOf!(uk),
      'Working Futures 2017-2027: United Kingdom main tables (SOC 2010 sub-major groups), database of 2019-03-27',
    );
    assert.equal(lmspEnglandSource.publisher, 'Department for Education');
  });
});

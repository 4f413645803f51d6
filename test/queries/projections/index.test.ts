import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { SOURCES } from '../../../src/ingest/registry.js';
import { type CurrentEditions } from '../../../src/queries/current-editions.js';
import { type Occupations } from '../../../src/queries/occupations/index.js';
import { type Projections } from '../../../src/queries/projections/index.js';
import type { ProjectionResponse } from '../../../src/schemas/projections.js';
import { rejectsWithProblem } from '../../helpers/problems.js';
import { ENGLAND_FILE, UK_FILE, occF2Cells, occT2Cells, rdT1Cells } from '../../helpers/projection-workbooks.js';
import { DIALECTS_ABOVE_STORE, type TestStore } from '../../helpers/stores.js';
import { withdrawSources } from '../../helpers/template-databases.js';
import { censusRecordsInto } from '../../helpers/vacancy-sources.js';
import { servicesForSuite } from '../../helpers/composition-root.js';

const thousand = (thousands: number) => Math.round(thousands) * 1_000 + 0;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The outlook the spec asks for, from the workbook's Occ T2 cells. */
function outlookFrom(file: string, code: string, base: number, target: number): ProjectionResponse['outlook'] {
  const c = occT2Cells(file, code, base, target);
  return {
    baseYear: base,
    targetYear: target,
    employmentBase: thousand(c.base),
    employmentTarget: thousand(c.target),
    netChange: thousand(c.net),
    netChangePercent: oneDecimal((c.net / c.base) * 100),
    direction: Math.abs(c.net) < 1 ? 'little change' : c.net > 0 ? 'growing' : 'declining',
    replacementDemand: thousand(c.replacement),
    totalRequirement: thousand(c.total),
    presentable: true,
  };
}

const RD_LEVELS = ['RQF8', 'RQF7', 'RQF6', 'RQF5', 'RQF4', 'RQF3', 'RQF2', 'RQF1', 'No Qualification'];

for (const dialect of DIALECTS_ABOVE_STORE) {
  describe(`Projections (${dialect})`, () => {
    let store: TestStore;
    let current: CurrentEditions;
    let occupations: Occupations;
    let projections: Projections;
    const unitGroupsIn = async (subMajor: string) =>
      (await occupations.structure()).unitGroups.filter((u) => u.code.startsWith(subMajor));
    const root = servicesForSuite(dialect);
    before(() => {
      store = root.store;
      current = root.services.currentEditions;
      occupations = root.services.occupations;
      projections = root.services.projections;
    });

    it("answers 2134 in England with SOC 2020 sub-major group 21's Occ T2 and Occ F2 cells, to the nearest 1,000", async () => {
      const body = await projections.outlook('2134', 'england');
      assert.deepEqual(body.group, {
        classification: 'SOC 2020',
        code: '21',
        title: 'Science, research, engineering and technology professionals',
        unitGroups: (await unitGroupsIn('21')).length,
      });
      assert.deepEqual(body.area, { code: 'E92000001', slug: 'england', name: 'England' });
      assert.deepEqual(body.outlook, outlookFrom(ENGLAND_FILE, '21', 2020, 2035));
      assert.deepEqual(
        [
          body.outlook.employmentBase,
          body.outlook.employmentTarget,
          body.outlook.netChange,
          body.outlook.netChangePercent,
        ],
        [1_899_000, 2_241_000, 342_000, 18],
      );
      const f2 = occF2Cells(ENGLAND_FILE, '21');
      assert.deepEqual(
        body.series,
        [...f2].map(([year, employment]) => ({
          year,
          employment: thousand(employment),
          projected: year >= 2021,
          presentable: true,
        })),
      );
      assert.deepEqual([body.series[0]!.year, body.series.at(-1)!.year, body.series.length], [2010, 2035, 26]);
      assert.match(
        body.derivation,
        /^Projections of SOC 2020 sub-major group 21 \(Science, research, engineering and technology professionals\) for England, from \d{4} to 2035: they are published for sub-major groups only, so 2134 and the 27 other unit groups in it are shown the same figures\./,
      );
      assert.equal(
        body.citation,
        `${SOURCES.find((s) => s.key === 'lmsp-england')!.attribution} Copyright: Warwick Institute for Employment Research / Cambridge Econometrics, 2023.`,
      );
      assert.match(body.accuracy, /precise margins of error cannot be assigned .* at least 10,000 individuals/);
      assert.equal(body.provenance.edition, (await current.latest('lmsp-england'))!.label);
      assert.equal(body.coverage.includesSelfEmployed, true);
    });

    it("lists the qualification levels highest first with their RD T1 cells, and each level's share of the total requirement", async () => {
      const body = await projections.outlook('2134', 'england');
      const total = occT2Cells(ENGLAND_FILE, '21', 2020, 2035).total;
      assert.deepEqual(
        body.byQualification.map((q) => [q.qualification, q.rqf]),
        [
          ['rqf8', 8],
          ['rqf7', 7],
          ['rqf6', 6],
          ['rqf5', 5],
          ['rqf4', 4],
          ['rqf3', 3],
          ['rqf2', 2],
          ['rqf1', 1],
          ['none', null],
        ],
      );
      body.byQualification.forEach((q, i) => {
        const [base, target, net, replacement, required] = rdT1Cells(ENGLAND_FILE, RD_LEVELS[i]!, '21') as [
          number,
          number,
          number,
          number,
          number,
        ];
        assert.deepEqual(
          [
            q.employmentBase,
            q.employmentTarget,
            q.netChange,
            q.replacementDemand,
            q.totalRequirement,
            q.sharePercent,
            q.presentable,
          ],
          [
            thousand(base),
            thousand(target),
            thousand(net),
            thousand(replacement),
            thousand(required),
            oneDecimal((required / total) * 100),
            true,
          ],
          q.qualification,
        );
      });
      assert.equal(body.byQualification[0]!.label, 'Doctorate');
      assert.equal(body.byQualification[8]!.label, 'No Qualification');
    });

    it('withholds a qualification cell under 10,000 jobs in either year: null figures, no share, presentable false', async () => {
      const withheld = {
        employmentBase: null,
        employmentTarget: null,
        netChange: null,
        replacementDemand: null,
        totalRequirement: null,
        sharePercent: null,
        presentable: false,
      };
      const [construction] = await unitGroupsIn('53');
      const [doctorates, higherDegrees] = [
        rdT1Cells(ENGLAND_FILE, 'RQF8', '53'),
        rdT1Cells(ENGLAND_FILE, 'RQF7', '53'),
      ] as [number[], number[]];
      assert.ok(doctorates[0]! < 10 && doctorates[1]! < 10);
      assert.ok(higherDegrees[0]! < 10 && higherDegrees[1]! >= 10, 'under 10,000 in 2020, over in 2035');
      const body = await projections.outlook(construction!.code, 'england');
      assert.deepEqual(body.byQualification[0], { qualification: 'rqf8', rqf: 8, label: 'Doctorate', ...withheld });
      assert.deepEqual(body.byQualification[1], {
        qualification: 'rqf7',
        rqf: 7,
        label: 'Other higher degree',
        ...withheld,
      });
      assert.ok(body.byQualification.slice(2).every((q) => q.presentable && q.employmentBase !== null));
      const [enforcement] = await unitGroupsIn('63');
      const small = await projections.outlook(enforcement!.code, 'england');
      assert.equal(small.outlook.presentable, true, 'the group itself has over 10,000 jobs');
      assert.deepEqual(
        small.byQualification.map((q) => q.presentable),
        Array(9).fill(false),
        'each of its levels has fewer',
      );
    });

    it('gives several groups their own cells and directions: caring (61), construction (53, declining), textiles (54), elementary (92)', async () => {
      for (const code of ['61', '53', '54', '92']) {
        const [unit] = await unitGroupsIn(code);
        const body = await projections.outlook(unit!.code, 'england');
        assert.equal(body.group.code, code);
        assert.deepEqual(body.outlook, outlookFrom(ENGLAND_FILE, code, 2020, 2035), code);
      }
      const [construction] = await unitGroupsIn('53');
      const body = await projections.outlook(construction!.code, 'england');
      assert.deepEqual([body.outlook.netChange, body.outlook.direction], [-4_000, 'declining']);
    });

    it("answers the UK from Working Futures 2017-2027 for the SOC 2010 sub-major group holding most of the occupation's workers, and says so", async () => {
      const body = await projections.outlook('2134', 'uk');
      assert.deepEqual(body.area, { code: 'K02000001', slug: 'uk', name: 'United Kingdom' });
      assert.deepEqual(body.outlook, outlookFrom(UK_FILE, '21', 2017, 2027));
      assert.deepEqual([body.outlook.baseYear, body.outlook.targetYear], [2017, 2027]);
      assert.deepEqual(
        body.series.map((p) => p.year),
        Array.from({ length: 21 }, (_, i) => 2007 + i),
        'only the years the workbook publishes',
      );
      assert.deepEqual(body.series.filter((p) => p.projected).map((p) => p.year)[0], 2018);
      const bySubMajor = new Map<string, number>();
      for (const [soc2010, { records }] of censusRecordsInto('2134'))
        bySubMajor.set(soc2010.slice(0, 2), (bySubMajor.get(soc2010.slice(0, 2)) ?? 0) + records);
      const total = [...bySubMajor.values()].reduce((a, b) => a + b, 0);
      const share = `${((bySubMajor.get('21')! / total) * 100).toFixed(1)}%`;
      assert.equal(body.group.code, '21');
      assert.equal(body.group.classification, 'SOC 2010');
      for (const words of [
        "The previous round's United Kingdom projections, 2017 to 2027 (made before the Covid-19 pandemic)",
        `of SOC 2010 sub-major group 21 (Science, research, engineering and technology professionals), which held ${share} of the workers of 2134`,
        'no United Kingdom workbook of the 2020-2035 round (',
      ])
        assert.ok(body.derivation.includes(words), `${words}\n${body.derivation}`);
      assert.match(
        body.citation,
        /^Working Futures 2017-2027: .* Copyright: Warwick Institute for Employment Research \/ Cambridge Econometrics, 2020\.$/,
      );
      assert.equal(body.provenance.edition, (await current.latest('working-futures-uk'))!.label);
      assert.equal(body.byQualification.length, 9);
      assert.deepEqual(
        [body.byQualification[0]!.employmentBase, body.byQualification[0]!.totalRequirement],
        [thousand(rdT1Cells(UK_FILE, 'RQF8', '21')[0]!), thousand(rdT1Cells(UK_FILE, 'RQF8', '21')[4]!)],
      );
    });

    it('counts the unit groups shown the same UK figures; care workers (6135) get SOC 2010 group 61', async () => {
      const body = await projections.outlook('6135', 'uk');
      assert.equal(body.group.code, '61');
      assert.deepEqual(body.outlook, outlookFrom(UK_FILE, '61', 2017, 2027));
      const { unitGroups } = await occupations.structure();
      let sharing = 0;
      for (const unit of unitGroups) {
        const sums = new Map<string, number>();
        for (const [soc2010, { records }] of censusRecordsInto(unit.code))
          sums.set(soc2010.slice(0, 2), (sums.get(soc2010.slice(0, 2)) ?? 0) + records);
        if ([...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] === '61') sharing++;
      }
      assert.equal(body.group.unitGroups, sharing);
      assert.ok(body.derivation.includes(`and ${sharing} unit groups are shown these figures`));
    });

    it("gives no share where the group's total requirement is not positive: SOC 2010 secretarial occupations (42), 2017-2027", async () => {
      const cells = occT2Cells(UK_FILE, '42', 2017, 2027);
      assert.ok(cells.total <= 0);
      let body: ProjectionResponse | undefined;
      for (const unit of await unitGroupsIn('42')) {
        const answer = await projections.outlook(unit.code, 'uk');
        if (answer.group.code === '42') body = answer;
      }
      assert.ok(body, 'a SOC 2020 secretarial unit group mostly from SOC 2010 42');
      assert.deepEqual([body.outlook.totalRequirement, body.outlook.direction], [thousand(cells.total), 'declining']);
      assert.ok(body.byQualification.every((q) => q.sharePercent === null));
      assert.ok(body.byQualification.some((q) => q.presentable && q.totalRequirement !== null));
    });

    it("answers 404 naming the round's missing workbook for the other nations and the English regions; 404 for an unknown occupation", async () => {
      for (const [area, source] of [
        ['wales', 'lmsp-wales'],
        ['scotland', 'lmsp-scotland'],
        ['northern-ireland', 'lmsp-northern-ireland'],
        ['london', 'lmsp-london'],
        ['north-east', 'lmsp-north-east'],
      ] as const) {
        const problem = await rejectsWithProblem(
          projections.outlook('2134', area),
          'source-unavailable',
          /^Projections for .+ come from "Labour market and skills projections 2020 to 2035: /,
        );
        assert.equal(problem.extras.source, source, area);
      }
      await rejectsWithProblem(projections.outlook('9999', 'england'), 'occupation-not-found');
    });

    it('answers 404 naming the workbook once it has no release', async () => {
      await withdrawSources(store, ['lmsp-england', 'working-futures-uk']);
      current.invalidate();
      assert.equal(
        (await rejectsWithProblem(projections.outlook('2134', 'england'), 'source-unavailable')).extras.source,
        'lmsp-england',
      );
      assert.equal(
        (await rejectsWithProblem(projections.outlook('2134', 'uk'), 'source-unavailable')).extras.source,
        'working-futures-uk',
      );
    });
  });
}

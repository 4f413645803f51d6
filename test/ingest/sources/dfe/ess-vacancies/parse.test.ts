import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkEssVacancies } from '../../../../../src/ingest/sources/dfe/ess-vacancies/checks.js';
import { parseEssVacancies } from '../../../../../src/ingest/sources/dfe/ess-vacancies/parse.js';
import { upstreamPath } from '../../../../helpers/upstream.js';
import { ESS_FILE, essLines as lines, rawEssFigures as rawFigures } from '../../../../helpers/vacancy-sources.js';

const bytes = (csv: string) => new Uint8Array(Buffer.from(csv));
const withLines = (change: (lines: string[]) => string[]) => bytes(change([...lines]).join('\n') + '\n');

describe('Employer Skills Survey vacancies by occupation (real file)', () => {
  const release = parseEssVacancies(new Uint8Array(readFileSync(upstreamPath(ESS_FILE))));

  it('reads every row of the five survey years, and the release passes its checks', () => {
    assert.equal(release.rows.length, lines.length - 1);
    assert.deepEqual(release.years, [2011, 2013, 2015, 2017, 2022]);
    const in2022 = release.rows.filter((r) => r.year === 2022);
    assert.equal(in2022.filter((r) => r.kind === 'unit group').length, 362);
    assert.equal(in2022.filter((r) => r.kind === 'unit group' && r.vacancies !== null).length, 216);
    assert.equal(in2022.filter((r) => r.kind === 'total').length, 1);
    assert.equal(in2022.filter((r) => r.kind === 'not codeable').length, 1);
    assert.deepEqual(checkEssVacancies(release), []);
  });

  it('keeps a unit group with figures exactly as published: 6145 in 2022', () => {
    const [employers, vac, htfv, ssv, htfvDen, ssvDen] = rawFigures(2022, '6145 - Care workers and home carers');
    assert.deepEqual(
      release.rows.find((r) => r.year === 2022 && r.soc2010 === '6145'),
      {
        year: 2022,
        kind: 'unit group',
        soc2010: '6145',
        title: 'Care workers and home carers',
        employersReporting: Number(employers),
        vacancies: Number(vac),
        hardToFill: Number(htfv),
        skillShortage: Number(ssv),
        hardToFillPercent: Number(htfvDen),
        skillShortagePercent: Number(ssvDen),
      },
    );
    assert.equal(Math.round(Number(vac)), 144_617);
  });

  it('reads `u` as withheld (null, never zero) and `c` as a confidential count', () => {
    const [employers, ...figures] = rawFigures(2022, '1115 - Chief executives and senior officials');
    assert.deepEqual(figures, ['u', 'u', 'u', 'u', 'u']);
    const withheld = release.rows.find((r) => r.year === 2022 && r.soc2010 === '1115')!;
    assert.equal(withheld.employersReporting, Number(employers));
    assert.ok(withheld.employersReporting < 30);
    assert.deepEqual(
      [
        withheld.vacancies,
        withheld.hardToFill,
        withheld.skillShortage,
        withheld.hardToFillPercent,
        withheld.skillShortagePercent,
      ],
      [null, null, null, null, null],
    );
    assert.equal(rawFigures(2022, '1116 - Elected officers and representatives')[0], 'c');
    assert.equal(release.rows.find((r) => r.year === 2022 && r.soc2010 === '1116')!.employersReporting, null);
  });

  it('reads the Total row of each year', () => {
    const [employers, vac, htfv] = rawFigures(2022, 'Total,Total,Total,Total');
    const total = release.rows.find((r) => r.year === 2022 && r.kind === 'total')!;
    assert.deepEqual(
      [total.soc2010, total.title, total.employersReporting, total.vacancies, total.hardToFill],
      [null, null, Number(employers), Number(vac), Number(htfv)],
    );
    assert.equal(Math.round(total.vacancies!), 1_472_674);
  });

  it('refuses a layout it does not know', () => {
    assert.throws(
      () => parseEssVacancies(withLines((l) => [l[0]!.replace('vac_sum', 'vacancies'), ...l.slice(1)])),
      /no column "vac_sum"/,
    );
    assert.throws(
      () => parseEssVacancies(withLines((l) => [l[0]!, l[1]!.replace(',National,', ',Country,'), ...l.slice(2)])),
      /row 2: geographic_level is "Country"/,
    );
    assert.throws(
      () => parseEssVacancies(withLines((l) => [l[0]!, l[1]!.replace('1116 - Elected', 'Elected'), ...l.slice(2)])),
      /row 2: soc_4_labelled "Elected officers/,
    );
    assert.throws(
      () => parseEssVacancies(withLines((l) => [l[0]!, l[1]!.replace(/,u,u,u,u,u$/, ',x,u,u,u,u'), ...l.slice(2)])),
      /row 2 vac_sum: "x" is neither a figure nor "u"/,
    );
    assert.throws(
      () =>
        parseEssVacancies(
          withLines((l) => [l[0]!, l[1]!.replace(/^2011,Calendar year,/, '2011,Academic year,'), ...l.slice(2)]),
        ),
      /time_identifier is "Academic year"/,
    );
  });

  it('quarantines a release whose figures are mixed up, truncated or repeated', () => {
    const failed = (csv: Uint8Array) =>
      checkEssVacancies(parseEssVacancies(csv))
        .filter((c) => c.status === 'fail')
        .map((c) => c.rule);
    const swapped = failed(
      withLines((l) => [
        l[0]!.replace('htfv_sum', 'SWAP').replace('ssv_sum', 'htfv_sum').replace('SWAP', 'ssv_sum'),
        ...l.slice(1),
      ]),
    );
    assert.ok(
      swapped.some((r) => /skill-shortage vacancies at most the hard-to-fill ones/.test(r)),
      swapped.join('; '),
    );
    assert.ok(swapped.some((r) => /published percentages/.test(r)));
    const truncated = failed(withLines((l) => l.slice(0, 200)));
    assert.ok(truncated.some((r) => /at least 300 SOC 2010 unit groups/.test(r)));
    assert.ok(truncated.some((r) => /every survey year has a Total row/.test(r)));
    assert.ok(failed(withLines((l) => [...l, l[5]!])).includes('each survey year and row once'));
  });
});

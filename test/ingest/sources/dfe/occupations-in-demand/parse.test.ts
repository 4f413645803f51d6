import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { parseOccupationsInDemand } from '../../../../../src/ingest/sources/dfe/occupations-in-demand/parse.js';
import { checkOccupationsInDemand } from '../../../../../src/ingest/sources/dfe/occupations-in-demand/checks.js';
import { ASSESSED, cellsOf, occupationsInDemandZip } from '../../../../helpers/occupations-in-demand-release.js';

/** The spec's names for the publisher's levels and the indicators' flag prefixes, written out here. */
const LEVEL: Record<string, string> = {
  'Critical demand': 'critical',
  'Elevated demand': 'elevated',
  'Not in high demand': 'not_in_high_demand',
};
const PREFIX: Record<string, string> = {
  visa_grants: 'visa_density',
  online_job_adverts: 'online_job_ad',
  wage_growth: 'annual_perc_change_in_hourly_wage',
  wage_premium: 'wage_premium',
  hours_worked: 'annual_change_in_hours_worked',
};
const orNull = (text: string) => (text === 'x' ? null : Number(text));
const note = (text: string) => (/^No (uncertainty|indicators)/.test(text) ? null : text);

/** What an assessment should say, from the unit group's cells in the built file. */
function expected(cells: Record<string, string>) {
  return {
    soc2020: cells.soc20_unit,
    year: Number(cells.time_period),
    level: LEVEL[cells.demand_level!],
    demandIndex: orNull(cells.demand_index!),
    indicators: Object.entries(PREFIX)
      .filter(([, p]) => cells[`${p}_critical`] !== 'x')
      .map(([indicator, p]) => ({
        indicator,
        signal: cells[`${p}_critical`] === '1' ? 'critical' : cells[`${p}_elevated`] === '1' ? 'elevated' : 'none',
      })),
    uncertainty: note(cells.indicator_uncertainty!),
    imputation: note(cells.named_imputed_indicators!),
    capping: note(cells.imputation_capped_indicators!),
    onImmigrationSalaryList: cells.immigration_salary_list === 'Yes',
    workers: Number(cells.workers),
  };
}

describe('occupations in demand: the release files zip', () => {
  const cells = cellsOf();
  const release = parseOccupationsInDemand(occupationsInDemandZip());
  const shown = (a: (typeof release.assessments)[number]) => ({
    ...a,
    indicators: a.indicators.map(({ indicator, signal }) => ({ indicator, signal })),
  });

  it("keeps each assessed unit group's own row of the cube, for 2025 and 2024 re-assessed", () => {
    assert.equal(release.year, 2025);
    for (const year of [2025, 2024]) {
      const ofYear = release.assessments.filter((a) => a.year === year);
      assert.equal(ofYear.length, ASSESSED, `${year}: one assessment per unit group, no Total or excluded rows`);
      for (const assessment of ofYear)
        assert.deepEqual(shown(assessment), expected(cells.byYear.get(year)!.get(assessment.soc2020)!));
    }
    assert.deepEqual(checkOccupationsInDemand(release), []);
  });

  it('leaves out the unit groups the release does not assess, and the 2024 assessment on its old method', () => {
    const codes = new Set(release.assessments.map((a) => a.soc2020));
    assert.equal(cells.excluded.length, 44);
    for (const code of cells.excluded) assert.ok(!codes.has(code), code);
    // 2024_scaled_weighted_oid_output.csv has other levels for 2024: none of them is read.
    const revised = cells.byYear.get(2024)!;
    for (const a of release.assessments.filter((a) => a.year === 2024))
      assert.equal(a.level, LEVEL[revised.get(a.soc2020)!.demand_level!]);
  });

  it('turns `x` into null and leaves out an indicator whose flags are withheld', () => {
    const withheldIndex = [...cells.byYear.get(2025)!.values()].find((c) => c.demand_index === 'x')!;
    const withheldFlags = [...cells.byYear.get(2025)!.values()].find((c) => c.online_job_ad_critical === 'x')!;
    const of = (soc: string) => release.assessments.find((a) => a.year === 2025 && a.soc2020 === soc)!;
    assert.equal(of(withheldIndex.soc20_unit!).demandIndex, null);
    assert.deepEqual(
      of(withheldFlags.soc20_unit!).indicators.map((i) => i.indicator),
      ['visa_grants', 'wage_growth', 'wage_premium', 'hours_worked'],
    );
    assert.match(of('2134').indicators[0]!.measures, /^Visa grant density: /);
  });

  it('has no previous year when the release carries no re-assessment', () => {
    const without = parseOccupationsInDemand(occupationsInDemandZip({ withoutRevised: true }));
    assert.deepEqual([...new Set(without.assessments.map((a) => a.year))], [2025]);
  });

  it('refuses a release whose tables lack a column it needs, naming it', () => {
    assert.throws(
      () => parseOccupationsInDemand(occupationsInDemandZip({ renameScaled: ['demand_index', 'demand_score'] })),
      /data\/scaled_OID_output\.csv has no column "demand_index"/,
    );
    assert.throws(
      () =>
        parseOccupationsInDemand(
          occupationsInDemandZip({ renameScaled: ['online_job_ad_critical', 'online_job_advert_critical'] }),
        ),
      /no table of 2025 has a column "online_job_ad_critical"/,
    );
  });

  it('refuses a zip with no table of occupations, naming the files it has', () => {
    const zip = zipSync({
      'data/SIC_OID_output.csv': strToU8(
        'soc20_unit,SIC_name,demand_level,time_period\n1111,Manufacturing,Critical demand,2025\n',
      ),
      'data/raw_OID_output.csv.txt': strToU8('soc20_unit\n'),
    });
    assert.throws(
      () => parseOccupationsInDemand(zip),
      /no table named as the release's tables of occupations .*files: data\/SIC_OID_output\.csv$/,
    );
  });

  it('reads only the tables the release names, whatever else the zip holds', () => {
    // A table never seen here, with the columns the tables of occupations have and a label no
    // table of occupations has: left unread, so the release is read as without it.
    const files = unzipSync(occupationsInDemandZip());
    files['data/2025_scaled_weighted_oid_output.csv'] = strToU8(
      'soc20_unit,soc20_label,demand_level,demand_index,time_period\nGroup A,Unheard of,Very high demand,9,2031\n',
    );
    assert.deepEqual(parseOccupationsInDemand(zipSync(files)), release);
  });

  it('refuses a table of occupations whose time_period is not the year it is served as', () => {
    const files = unzipSync(occupationsInDemandZip());
    const text = new TextDecoder().decode(files['data/scaled_OID_output.csv']);
    files['data/scaled_OID_output.csv'] = strToU8(text.replaceAll(',2025,', ',2026,'));
    assert.throws(
      () => parseOccupationsInDemand(zipSync(files)),
      /raw_OID_output\.csv: its time_period is 2025, but it is served as the assessment of 2026/,
    );
    const revised = unzipSync(occupationsInDemandZip());
    const old = new TextDecoder().decode(revised['data/raw_OID_output_2024_revised.csv']);
    revised['data/raw_OID_output_2024_revised.csv'] = strToU8(old.replaceAll(',2024,', ',2023,'));
    assert.throws(
      () => parseOccupationsInDemand(zipSync(revised)),
      /raw_OID_output_2024_revised\.csv: its time_period is 2023, but it is served as the assessment of 2024/,
    );
  });
});

describe('occupations in demand: one CSV (a data-catalogue download)', () => {
  const header =
    'soc20_unit,soc20_label,demand_index,visa_density_critical,visa_density_elevated,online_job_ad_critical,online_job_ad_elevated,annual_change_in_hours_worked_critical,annual_change_in_hours_worked_elevated,annual_perc_change_in_hourly_wage_critical,annual_perc_change_in_hourly_wage_elevated,wage_premium_critical,wage_premium_elevated,demand_level,indicator_uncertainty,named_imputed_indicators,imputation_capped_indicators,time_period';
  const row = (unit: string, label: string, level: string) =>
    `${unit},"${label}",0.5,1,0,0,1,0,0,0,0,0,0,${level},No uncertainty,No indicators imputed,No indicators capped at elevated due to imputation,2025`;
  const csv = (...rows: string[]) => strToU8([header, ...rows].join('\n') + '\n');

  it('reads a CSV that carries every column itself', () => {
    const release = parseOccupationsInDemand(
      csv(
        row('Total', 'Total', 'Total'),
        row('2134', 'Programmers, developers', 'Critical demand'),
        row('2134', 'Total', 'Critical demand'),
      ),
    );
    assert.deepEqual(
      release.assessments.map((a) => [
        a.soc2020,
        a.level,
        a.demandIndex,
        a.indicators.filter((i) => i.signal !== 'none').length,
        a.workers,
      ]),
      [['2134', 'critical', 0.5, 2, null]],
    );
  });

  it('refuses an unknown level, unit label or a unit group with only Total rows, naming it', () => {
    assert.throws(() => parseOccupationsInDemand(csv(row('2134', 'P', 'High demand'))), /demand_level "High demand"/);
    assert.throws(
      () => parseOccupationsInDemand(csv(row('All occupations', 'P', 'Critical demand'))),
      /soc20_unit "All occupations" is neither a unit group/,
    );
    assert.throws(
      () => parseOccupationsInDemand(csv(row('2134', 'Total', 'Critical demand'))),
      /have only "Total" rows, none of their own \(2025 2134\)/,
    );
  });
});

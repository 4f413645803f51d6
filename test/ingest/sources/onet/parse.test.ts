import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readWorkbook } from '../../../../src/ingest/formats/workbook-worker.js';
import { CROSSWALK_SHEET, parseIscoUsSocCrosswalk } from '../../../../src/ingest/sources/bls/isco-us-soc-crosswalk/parse.js';
import { checkOnetAbilities, parseOnetAbilities } from '../../../../src/ingest/sources/onet/onet-abilities/parse.js';
import { checkOnetInterests, parseOnetInterests } from '../../../../src/ingest/sources/onet/onet-interests/parse.js';
import { parseOnetOccupations } from '../../../../src/ingest/sources/onet/onet-occupations/parse.js';
import { parseOnetSoc2010Crosswalk } from '../../../../src/ingest/sources/onet/onet-soc-2010-crosswalk/parse.js';
import { upstreamPath } from '../../../helpers/upstream.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const real = (relative: string) => new Uint8Array(readFileSync(upstreamPath(relative)));

/** O*NET's documented Abilities.txt layout: the Interests.txt columns plus N, SE, CI, Recommend Suppress, Not Relevant. */
const ABILITIES_HEADER = 'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tN\tStandard Error\tLower CI Bound\tUpper CI Bound\tRecommend Suppress\tNot Relevant\tDate\tDomain Source';

describe('O*NET parsers', () => {
  it('reads the real Interests.txt: 923 occupations, six OI scores each, the IH rows left out', () => {
    const ratings = parseOnetInterests(real('onet/Interests.txt'));
    assert.equal(ratings.length, 923 * 6);
    assert.deepEqual(checkOnetInterests(ratings), []);
    const chiefExecutives = ratings.filter((r) => r.code === '11-1011.00');
    assert.deepEqual(chiefExecutives.map((r) => [r.elementName, r.value]), [
      ['Realistic', 1.26], ['Investigative', 3.05], ['Artistic', 2.16], ['Social', 3.54], ['Enterprising', 6.96], ['Conventional', 4.97],
    ]);
  });

  it('fails the checks when an interest score is outside 1 to 7 or an occupation lacks one', () => {
    const text = [
      'O*NET-SOC Code\tElement ID\tElement Name\tScale ID\tData Value\tDate\tDomain Source',
      ...['Realistic', 'Investigative', 'Artistic', 'Social', 'Enterprising'].map((name, i) => `11-1011.00\t1.B.1.${'abcde'[i]}\t${name}\tOI\t${i === 0 ? '7.50' : '3.00'}\t02/2026\tMachine Learning`),
    ].join('\r\n');
    const rules = checkOnetInterests(parseOnetInterests(bytes(text))).map((c) => c.rule);
    assert.ok(rules.some((r) => /between 1 and 7/.test(r)));
    assert.ok(rules.some((r) => /all six interests/.test(r)));
  });

  it('reads Abilities.txt in its documented layout: importance (IM) only, suppressed ratings left out', () => {
    const text = [
      ABILITIES_HEADER,
      '29-1161.00\t1.A.1.a.1\tOral Comprehension\tIM\t4.12\t8\t0.12\t3.88\t4.37\tN\tn/a\t08/2023\tAnalyst',
      '29-1161.00\t1.A.1.a.1\tOral Comprehension\tLV\t4.50\t8\t0.19\t4.12\t4.88\tN\tN\t08/2023\tAnalyst',
      '29-1161.00\t1.A.1.a.2\tWritten Comprehension\tIM\t3.88\t8\t0.12\t3.63\t4.12\tN\tn/a\t08/2023\tAnalyst',
      '29-1161.00\t1.A.4.b.5\tSound Localization\tIM\t1.25\t8\t0.60\t0.05\t2.45\tY\tn/a\t08/2023\tAnalyst',
    ].join('\r\n');
    const ratings = parseOnetAbilities(bytes(text));
    assert.deepEqual(ratings.map((r) => [r.elementName, r.value]), [['Oral Comprehension', 4.12], ['Written Comprehension', 3.88]]);
    assert.deepEqual(checkOnetAbilities(ratings), []);
    assert.ok(checkOnetAbilities(parseOnetAbilities(bytes(text.replace('\tIM\t3.88', '\tIM\t5.88')))).some((c) => c.status === 'fail'));
    assert.throws(() => parseOnetAbilities(bytes(text.replace('29-1161.00\t1.A.1.a.2', '29-1161\t1.A.1.a.2'))), /not an O\*NET-SOC code/);
  });

  it('reads the real Occupation Data.txt: 1,016 O*NET-SOC 2019 occupations', () => {
    const occupations = parseOnetOccupations(real('onet/Occupation Data.txt'));
    assert.equal(occupations.length, 1016);
    assert.deepEqual(occupations.find((o) => o.code === '15-1252.00'), { code: '15-1252.00', title: 'Software Developers' });
  });

  it('reads the real BLS crosswalk: 1,125 pairs, codes trimmed, the date from the title block', async () => {
    const crosswalk = parseIscoUsSocCrosswalk(await readWorkbook(real('onet/ISCO_SOC_Crosswalk.xls'), { sheets: [CROSSWALK_SHEET] }));
    assert.equal(crosswalk.dated, 'August 2012 (Updated June 2015)');
    assert.equal(crosswalk.links.length, 1125);
    assert.deepEqual(crosswalk.links.filter((l) => l.isco08 === '2512').map((l) => l.usSoc2010), ['15-1132', '15-1133']);
    assert.ok(crosswalk.links.every((l) => /^\d{2}-\d{4}$/.test(l.usSoc2010)));
    assert.equal(crosswalk.links.find((l) => l.usSoc2010 === '55-1011')!.usSocTitle, 'Air Crew Officers');
  });

  it('reads the real O*NET-SOC 2010 crosswalk: 1,110 occupations', async () => {
    const links = parseOnetSoc2010Crosswalk(await readWorkbook(real('onet/ONET_to_US2010SOC.xlsx')));
    assert.equal(links.length, 1110);
    assert.deepEqual(links.find((l) => l.onetSoc2010 === '15-1132.00'), { onetSoc2010: '15-1132.00', onetTitle: 'Software Developers, Applications', usSoc2010: '15-1132' });
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { readWorkbookSync, type Workbook } from '../../../../../src/ingest/formats/workbook.js';
import {
  ABBREVIATIONS_SHEET,
  CODING_INDEX_SHEET,
  checkCodingIndex,
  parseCodingIndex,
} from '../../../../../src/ingest/sources/ons/soc2020-index/parse.js';
import type { CodingIndex, CodingIndexRecord } from '../../../../../src/domain/soc.js';
import { upstreamPath } from '../../../../helpers/upstream.js';

const CODING_INDEX_FILE = upstreamPath('soc2020/soc2020volume2thecodingindexexcel16042025.xlsx');

let workbook: Workbook;
let index: CodingIndex;

before(() => {
  workbook = readWorkbookSync(readFileSync(CODING_INDEX_FILE), { sheets: [CODING_INDEX_SHEET, ABBREVIATIONS_SHEET] });
  index = parseCodingIndex(workbook);
});

const record = (uniqueId: string): CodingIndexRecord => {
  const found = index.records.find((r) => r.uniqueId === uniqueId);
  assert.ok(found, `no record ${uniqueId}`);
  return found;
};

/** The workbook with one sheet's rows replaced. */
const withSheet = (name: string, rows: Workbook['sheets'][string]): Workbook => ({
  ...workbook,
  sheets: { ...workbook.sheets, [name]: rows },
});

describe('parseCodingIndex on the published workbook (version 12)', () => {
  it('reads every record', () => {
    assert.equal(index.records.length, 32_195);
  });

  it('reads the 231 see-other-entry rows with no code and a SEE note', () => {
    const seeOther = index.records.filter((r) => r.soc2020 === null);
    assert.equal(seeOther.length, 231);
    for (const r of seeOther) {
      assert.equal(r.soc2020Extended, null);
      assert.equal(r.isco08, null);
      assert.match(r.see ?? '', /^see /i);
    }
  });

  it('finds all 412 unit groups, as four-digit strings', () => {
    const groups = new Set(index.records.flatMap((r) => (r.soc2020 === null ? [] : [r.soc2020])));
    assert.equal(groups.size, 412);
    for (const code of groups) assert.match(code, /^\d{4}$/);
  });

  it('reads the first record field by field', () => {
    assert.deepEqual(record('a1aa'), {
      uniqueId: 'a1aa',
      recordNumber: 1,
      defaultFlag: null,
      soc2020: '2439',
      soc2020Extended: '2439/99',
      indexedTitle: 'A',
      naturalTitle: 'A',
      add: null,
      ind: 'Cabinet Office',
      see: null,
      isco08: '2422',
      qualifier: 'Cabinet Office',
    });
  });

  it('reads a default entry with both qualifiers', () => {
    assert.deepEqual(record('b6mw'), {
      uniqueId: 'b6mw',
      recordNumber: 11_663,
      defaultFlag: 'O',
      soc2020: '5223',
      soc2020Extended: '5223/99',
      indexedTitle: 'Fitter',
      naturalTitle: 'Fitter',
      add: 'vehicles',
      ind: 'vehicle mfr',
      see: null,
      isco08: '7231',
      qualifier: 'vehicles; vehicle mfr',
    });
  });

  it('reads a see-other-entry row', () => {
    assert.deepEqual(record('a1pc'), {
      uniqueId: 'a1pc',
      recordNumber: 591,
      defaultFlag: null,
      soc2020: null,
      soc2020Extended: null,
      indexedTitle: 'Advisor',
      naturalTitle: 'Advisor',
      add: null,
      ind: null,
      see: 'see Adviser',
      isco08: null,
      qualifier: null,
    });
  });

  it('reads the default "Nurse" entry', () => {
    const nurse = record('d1ju');
    assert.deepEqual(
      [nurse.defaultFlag, nurse.soc2020, nurse.soc2020Extended, nurse.indexedTitle, nurse.isco08],
      ['M', '2237', '2237/00', 'Nurse', '2221'],
    );
  });

  it('reads the abbreviations, with the frequent ones marked', () => {
    assert.equal(index.abbreviations.length, 245);
    assert.deepEqual(index.abbreviations[0], { abbreviation: '&', meaning: 'And', frequent: true });
    assert.deepEqual(
      index.abbreviations.find((a) => a.abbreviation === 'HGV'),
      { abbreviation: 'HGV', meaning: 'Heavy Goods Vehicle', frequent: false },
    );
    assert.deepEqual(
      index.abbreviations.filter((a) => a.frequent).map((a) => a.abbreviation),
      ['&', 'Dept/dept', 'etc.', 'mfr'],
    );
  });
});

describe('parseCodingIndex on a damaged workbook', () => {
  it('throws when a required column is missing', () => {
    const rows = workbook.sheets[CODING_INDEX_SHEET]!;
    const header = rows[0]!.map((cell) => (cell === 'SOC_2020' ? 'SOC 2020 code' : cell));
    assert.throws(
      () => parseCodingIndex(withSheet(CODING_INDEX_SHEET, [header, ...rows.slice(1)])),
      /missing column\(s\) "SOC_2020"/,
    );
  });

  it('throws when the coding index sheet is missing', () => {
    const { [CODING_INDEX_SHEET]: _dropped, ...others } = workbook.sheets;
    assert.throws(() => parseCodingIndex({ ...workbook, sheets: others }), /no sheet "SOC2020 coding index"/);
  });

  it('throws when the abbreviations have no header row', () => {
    assert.throws(
      () => parseCodingIndex(withSheet(ABBREVIATIONS_SHEET, [['Abbreviations for Occupation Coding']])),
      /"Abbreviation \| Meaning" header/,
    );
  });
});

describe('checkCodingIndex', () => {
  it('passes the published file', () => {
    assert.deepEqual(checkCodingIndex(index), []);
  });

  it('fails a truncated index', () => {
    const truncated = { ...index, records: index.records.slice(0, 5_000) };
    const failed = checkCodingIndex(truncated).filter((check) => check.status === 'fail');
    assert.deepEqual(
      failed.map((check) => check.rule),
      ['the coding index has at least 30,000 records', 'all 412 unit groups occur in the index'],
    );
    assert.equal(failed[0]?.observed, '5000 records');
  });

  it('fails codes that are not four digits', () => {
    const broken = { ...index, records: index.records.map((r, i) => (i === 10 ? { ...r, soc2020: '24390' } : r)) };
    const [check] = checkCodingIndex(broken);
    assert.equal(check?.status, 'fail');
    assert.match(check?.observed ?? '', /^1 records \(.*: 24390\)$/);
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { readWorkbookSync } from '../../src/ingest/formats/workbook.js';
import {
  ABBREVIATIONS_SHEET,
  CODING_INDEX_SHEET,
  parseCodingIndex,
} from '../../src/ingest/sources/ons/soc2020-index/parse.js';
import type { CodingIndex } from '../../src/domain/soc.js';
import { aliasesThroughIsco } from '../../src/search/aliases.js';
import { ABSTAIN_BELOW } from '../../src/search/calibration.js';
import { TitleIndex, type TitleMatch } from '../../src/search/title-index.js';

const REPO_ROOT = new URL('../../', import.meta.url);
const CODING_INDEX_FILE = new URL(
  '../shared/upstream/soc2020/soc2020volume2thecodingindexexcel16042025.xlsx',
  REPO_ROOT,
);

let codingIndex: CodingIndex;
let index: TitleIndex;

before(() => {
  const workbook = readWorkbookSync(readFileSync(CODING_INDEX_FILE), {
    sheets: [CODING_INDEX_SHEET, ABBREVIATIONS_SHEET],
  });
  codingIndex = parseCodingIndex(workbook);
  index = TitleIndex.build(codingIndex);
});

const codes = (matches: TitleMatch[]): string[] => matches.map((match) => match.soc2020);
const first = (query: string): TitleMatch => {
  const [top] = index.search(query, 10);
  assert.ok(top, `no match for "${query}"`);
  return top;
};

describe('TitleIndex on the SOC 2020 coding index', () => {
  it('indexes the titles', () => {
    assert.ok(index.size > 23_000, `only ${index.size} titles indexed`);
  });

  it('puts exact matches first, with confidence 1, then fuzzy ones strictly between 0 and 1', () => {
    const matches = index.search('nurse', 10);
    assert.equal(matches.length, 10);
    const firstFuzzy = matches.findIndex((match) => match.matchType === 'fuzzy');
    assert.ok(firstFuzzy > 0, 'expected exact then fuzzy matches');
    for (const [i, match] of matches.entries()) {
      if (i < firstFuzzy) {
        assert.equal(match.matchType, 'exact');
        assert.equal(match.confidence, 1);
      } else {
        assert.equal(match.matchType, 'fuzzy');
        assert.ok(match.confidence > 0 && match.confidence < 1, `confidence ${match.confidence}`);
      }
    }
    const fuzzy = matches.slice(firstFuzzy).map((match) => match.confidence);
    assert.deepEqual(
      fuzzy,
      [...fuzzy].sort((a, b) => b - a),
    );
  });

  it('lists each unit group at most once', () => {
    for (const query of ['nurse', 'manager', 'engineer', 'sales assistant', 'electrcian']) {
      const found = codes(index.search(query, 50));
      assert.equal(new Set(found).size, found.length, `duplicate codes for "${query}"`);
    }
  });

  it('gives the default entry first when a title has several: "nurse" is 2237', () => {
    const top = first('nurse');
    assert.deepEqual([top.soc2020, top.matchedTitle, top.qualifier, top.matchType], ['2237', 'Nurse', null, 'exact']);
  });

  it('finds a title with a possessive, written with or without it', () => {
    for (const query of ["doctor's receptionist", 'doctors receptionist', 'Doctor’s Receptionist']) {
      const top = first(query);
      assert.equal(top.soc2020, '4216', query);
      assert.equal(top.matchType, 'exact', query);
      assert.equal(top.matchedTitle, "Doctor's receptionist");
    }
  });

  it('tolerates a typo', () => {
    const nurse = first('nurce');
    assert.equal(nurse.soc2020, '2237');
    assert.equal(nurse.matchType, 'fuzzy');
    assert.equal(first('electrcian').soc2020, '5241');
    assert.equal(first('softwre enginer').soc2020, '2134');
  });

  it('finds plurals as their singular', () => {
    const top = first('nurses');
    assert.equal(top.soc2020, '2237');
    assert.equal(top.confidence, 1);
  });

  it('finds a title from its words in any order, qualifier word last: "nurse community"', () => {
    const top = first('nurse community');
    assert.equal(top.soc2020, '2232');
    assert.equal(top.matchedTitle, 'Community nurse');
  });

  it('matches the ADD and IND qualifiers of an entry', () => {
    const law = first('adviser law');
    assert.deepEqual([law.soc2020, law.qualifier], ['2419', 'law']);
    const dental = first('nurse dental practice');
    assert.deepEqual([dental.soc2020, dental.qualifier], ['6133', 'dental practice']);
  });

  it('resolves a see-other-entry row to its target: "advisor" -> "Adviser"', () => {
    const matches = index.search('advisor', 10);
    const adviser = index.search('adviser', 10).filter((match) => match.matchType === 'exact');
    assert.equal(matches[0]?.matchedTitle, 'Adviser');
    assert.equal(matches[0]?.matchType, 'exact');
    assert.equal(matches[0]?.soc2020, adviser[0]?.soc2020, 'the Adviser entries, in their own order');
    const adviserCodes = new Set(codes(adviser));
    for (const match of matches.filter((m) => m.matchType === 'exact'))
      assert.ok(adviserCodes.has(match.soc2020), match.soc2020);
  });

  it('applies a one-word see row inside a phrase: "customer service advisor" is the exact "Customer service adviser"', () => {
    const matches = index.search('customer service advisor', 10);
    assert.equal(matches[0]?.matchType, 'exact');
    assert.equal(matches[0]?.matchedTitle, 'Customer service adviser');
    assert.ok(codes(matches).includes('7219'));
    // Before, the phrase was fuzzy and led to 4111 (national government) through its many "adviser" titles.
    assert.deepEqual(
      codes(index.search('customer service advisors', 10).filter((m) => m.matchType === 'exact')),
      codes(matches.filter((m) => m.matchType === 'exact')),
    );
  });

  it('ranks a title\'s own entries before those its see-other-entry row points to: "Chargeman" is 8132, 8229, then Foreman\'s groups', () => {
    const matches = index.search('Chargeman', 10);
    assert.deepEqual(
      matches
        .slice(0, 2)
        .map((m) => [m.soc2020, m.matchedTitle, m.qualifier])
        .sort(),
      [
        ['8132', 'Chargeman', 'coal mine'],
        ['8229', 'Chargeman', 'copper, zinc refining'],
      ],
    );
    assert.ok(
      matches.slice(2).every((m) => m.matchedTitle === 'Foreman' && m.matchType === 'exact'),
      'then the see-also target, still exact',
    );
  });

  it('gives each exact match its share of what the title means, the shares summing to at most 1; fuzzy ones none', () => {
    for (const query of ['teacher', 'manager', 'nurse', 'cleaner', 'civil engineer', 'software developer']) {
      const matches = index.search(query, 50);
      const exact = matches.filter((m) => m.matchType === 'exact');
      for (const m of exact) assert.ok(m.titleShare !== null && m.titleShare > 0 && m.titleShare <= 1, query);
      assert.ok(exact.reduce((sum, m) => sum + (m.titleShare ?? 0), 0) <= 1 + 1e-9, query);
      for (const m of matches.filter((m) => m.matchType === 'fuzzy')) assert.equal(m.titleShare, null, query);
    }
  });

  it('orders the groups of a shared exact title by the employment it is given, and by how much of each group the title stands for', () => {
    // Employment decides between groups the title fits alike: the same title, said to be mostly TEFL, then mostly primary.
    for (const soc of ['2317', '2314']) {
      const built = TitleIndex.build(codingIndex, { employment: new Map([[soc, 1e9]]) });
      assert.equal(built.search('teacher', 1)[0]?.soc2020, soc);
    }
    // A group where the title is one record among many weighs less than one it stands for.
    const accountant = index.search('accountant', 2);
    assert.deepEqual(codes(accountant), ['2421', '4122']);
  });

  it('searches aliases (labels keyed to ISCO-08) as fuzzy titles of the groups the coding index maps their ISCO-08 group to', () => {
    const label = 'cigar store supervisor';
    assert.notEqual(index.search(label, 1)[0]?.soc2020, '1150');
    // ISCO-08 1420 (retail and wholesale trade managers) is mostly 1150 in the coding index.
    const withAliases = TitleIndex.build(codingIndex, {
      aliases: aliasesThroughIsco(codingIndex, [
        { title: label, isco08: '1420' },
        { title: 'Nurse', isco08: '1420' },
      ]),
    });
    const [top] = withAliases.search(label, 5);
    assert.equal(top?.soc2020, '1150');
    assert.equal(top?.matchType, 'fuzzy');
    assert.ok(top.confidence < 1);
    assert.ok(
      codingIndex.records.some(
        (r) => r.soc2020 === '1150' && r.naturalTitle === top.matchedTitle && r.isco08 === '1420',
      ),
      `"${top.matchedTitle}" is a coding-index title of 1150 in ISCO-08 1420`,
    );
    // An alias never changes what an index title finds: "Nurse" stays 2237 first, exact.
    assert.deepEqual(
      withAliases.search('nurse', 3).map((m) => [m.soc2020, m.matchType]),
      index.search('nurse', 3).map((m) => [m.soc2020, m.matchType]),
    );
  });

  it('prefers titles with the query\'s head word, and groups with titles for all its words: "golf instructor" is 3432 (sports coaches)', () => {
    // 3574 has more instructors, but no golf; 3432 has golf titles and instructor titles.
    const [top] = index.search('golf instructor', 3);
    assert.equal(top?.soc2020, '3432');
    assert.equal(top?.matchType, 'fuzzy');
  });

  it('expands abbreviations from the Abbreviations sheet', () => {
    assert.equal(first('GP').soc2020, '2211');
    assert.equal(first('general practitioner').soc2020, '2211');
    assert.equal(first('heavy goods vehicle driver').soc2020, '8211');
  });

  it('answers nothing when no candidate is credible; a fuzzy confidence is a probability of being right', () => {
    // Half the words of "Writer and creator", "Content creator": none is more than a guess.
    const guesses = index.search('tiktok creator', 10, { abstain: false });
    assert.ok(guesses.length > 1, 'the scorer does reach some titles');
    assert.ok(guesses[0]!.confidence < ABSTAIN_BELOW, `first guess at ${guesses[0]!.confidence}`);
    assert.deepEqual(index.search('tiktok creator', 10), []);
    // A title with one typo, far ahead of any other group, is nearly certain.
    const typo = index.search('electrcian', 3);
    assert.equal(typo[0]?.soc2020, '5241');
    assert.ok(typo[0].confidence > 0.6 && typo[0].confidence < 1, `${typo[0].confidence}`);
    assert.ok(typo[1]!.confidence < typo[0].confidence / 2, 'a distant runner-up is unlikely');
    // Calibration reads the scorer's similarity, kept on the match.
    for (const m of typo) assert.ok(m.similarity > 0 && m.similarity < 1);
    // An exact title is answered however weak the rest.
    assert.equal(index.search('hca', 1)[0]?.confidence, 1);
  });

  it('does not read a real word as a confident typo of another: "copper" is not "Capper"', () => {
    const guesses = index.search('copper', 5, { abstain: false });
    assert.ok(guesses.length > 0);
    for (const guess of guesses) assert.ok(guess.confidence < 0.5, `${guess.matchedTitle} at ${guess.confidence}`);
    // A word no title has ("ks2") leaves the rest a guess, however well "teacher" matches.
    for (const guess of index.search('ks2 teacher', 5, { abstain: false }))
      assert.ok(guess.confidence < 0.5, `${guess.matchedTitle} at ${guess.confidence}`);
  });

  it('reads a word two typos from any title word as the two words it joins: "farmhand" is a farm hand', () => {
    assert.equal(first('farmhand').soc2020, '9111');
  });

  it('learns clipped forms and spelling variants from names given to one occupation', () => {
    // The coding index alone already finds "nail tech".
    assert.equal(index.search('nail tech', 1)[0]?.matchedTitle, 'Nail technician');
    // An NCS profile called "Bricklayer" and "Brickie" teaches "brickie"; without it the word
    // only reaches "Mould bricker" by its letters.
    assert.equal(index.search('brickie', 1)[0]?.matchedTitle, 'Mould bricker');
    const built = TitleIndex.build(codingIndex, { names: [['Bricklayer', 'Brickie']] });
    const [top] = built.search('brickie', 3);
    assert.deepEqual([top?.soc2020, top?.matchedTitle, top?.matchType], ['5313', 'Bricklayer', 'fuzzy']);
  });

  it('chains learnt clipped forms: "physio" stands for "physiotherapist" through "physiotherapy"', () => {
    // The coding index pairs "Physio assistant" with "Physiotherapy assistant" (6131); alone it
    // leaves "physio" at the assistants.
    assert.equal(index.search('physio', 1, { abstain: false })[0]?.soc2020, '6131');
    // A source pairing "physiotherapy" with "physiotherapist" (ESCO's assistant labels) completes the chain.
    const built = TitleIndex.build(codingIndex, { names: [['Physiotherapy assistant', 'Physiotherapist assistant']] });
    const [top] = built.search('physio', 3);
    assert.deepEqual([top?.soc2020, top?.matchedTitle, top?.matchType], ['2221', 'Physiotherapist', 'fuzzy']);
  });

  it('breaks a fuzzy tie between groups as the exact title would: "counselor" orders like "counsellor"', () => {
    // The variant reaches every "Counsellor [...]" entry at one score; the prior orders them.
    const built = TitleIndex.build(codingIndex, { names: [['Counsellor', 'Counselor']] });
    const fuzzy = built.search('counselor', 3, { abstain: false });
    assert.ok(fuzzy.every((m) => m.matchType === 'fuzzy' && m.similarity === fuzzy[0]!.similarity));
    assert.deepEqual(codes(fuzzy), codes(built.search('counsellor', 3)));
  });

  it('lets other sources\' labels of a shared title vote as its unqualified default: "store manager"', () => {
    // The index's unqualified default is storage (1242); a label "store manager" of retail
    // managers (ISCO-08 1420, mostly 1150) makes 1150's entry count as the unqualified one.
    assert.equal(index.search('store manager', 1)[0]?.soc2020, '1242');
    const built = TitleIndex.build(codingIndex, {
      aliases: aliasesThroughIsco(codingIndex, [{ title: 'store manager', isco08: '1420' }]),
    });
    const matches = built.search('store manager', 2);
    assert.deepEqual(codes(matches), ['1150', '1242']);
    assert.ok(matches.every((m) => m.matchType === 'exact'));
  });

  it('respects the limit', () => {
    assert.equal(index.search('manager', 3).length, 3);
    assert.equal(index.search('manager', 1).length, 1);
    assert.deepEqual(index.search('manager', 0), []);
  });

  it('returns nothing for a query that is empty after normalisation', () => {
    assert.deepEqual(index.search('', 10), []);
    assert.deepEqual(index.search('   ', 10), []);
    assert.deepEqual(index.search('!!! ... ---', 10), []);
  });

  it('does not fail on odd input', () => {
    const odd = [
      'x'.repeat(200),
      'a '.repeat(100),
      '\u0000\u{1F600}',
      'é'.repeat(50),
      'manager '.repeat(25),
      "'s",
      '&',
      '-',
    ];
    for (const query of odd) {
      const matches = index.search(query, 10);
      assert.ok(Array.isArray(matches) && matches.length <= 10, JSON.stringify(query));
    }
  });
});

describe('TitleIndex.buildInSlices (the build the server runs while serving)', () => {
  it('builds the same index as build, letting the event loop run between slices', async () => {
    const aliases = aliasesThroughIsco(codingIndex, [
      { title: 'Hydrogenator', isco08: '8160' },
      { title: 'Code wrangler', isco08: '2512' },
    ]);
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const sliced = await TitleIndex.buildInSlices(codingIndex, { aliases });
    clearInterval(ticking);
    // A build in one piece lets no timer run until it ends; in slices, timers run all along.
    assert.ok(turns > 5, `the event loop turned ${turns} times during the build`);
    const whole = TitleIndex.build(codingIndex, { aliases });
    assert.equal(sliced.size, whole.size);
    for (const query of [
      'nurse',
      'software developer',
      'chargeman',
      'docter receptionist',
      'hydrogenator',
      'code wrangler',
      'teachers',
    ]) {
      assert.deepEqual(sliced.search(query, 10), whole.search(query, 10), query);
    }
  });
});

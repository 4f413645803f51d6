import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abbreviationExpansions } from '../../src/search/abbreviations.js';
import {
  Normaliser,
  fold,
  sharedEnds,
  singularise,
  spelling,
  spellingDistance,
  stripPossessive,
  titleKey,
} from '../../src/search/normalise.js';

const plain = new Normaliser();
const tokens = (text: string, normaliser: Normaliser = plain): string[] => normaliser.analyse(text).tokens;
const key = (text: string, normaliser: Normaliser = plain): string => titleKey(tokens(text, normaliser));

describe('normalisation', () => {
  it('ignores case', () => {
    assert.equal(key('NURSE'), key('nurse'));
  });

  it('removes accents', () => {
    assert.equal(fold('Café Crèche'), 'cafe creche');
    assert.deepEqual(tokens('Café manager'), ['cafe', 'manager']);
  });

  it('treats punctuation as a word break', () => {
    assert.deepEqual(tokens('Nurse, community (registered)'), ['nurse', 'community', 'registered']);
  });

  it('splits hyphenated words and also offers them joined', () => {
    const analysed = plain.analyse('Co-ordinator');
    assert.deepEqual(analysed.tokens, ['co', 'ordinator']);
    assert.deepEqual(analysed.joinedTokens, ['coordinator']);
    assert.equal(plain.analyse('Coordinator').joinedTokens, null);
  });

  it('drops a possessive', () => {
    assert.equal(stripPossessive("doctor's"), 'doctor');
    assert.equal(key("Doctor's receptionist"), key('doctor receptionist'));
  });

  it('reads typographic apostrophes as plain ones', () => {
    assert.equal(key('Chef’s assistant'), key("Chef's assistant"));
  });

  it('makes regular plurals singular', () => {
    assert.equal(singularise('nurses'), 'nurse');
    assert.equal(singularise('secretaries'), 'secretary');
    assert.equal(singularise('coaches'), 'coach');
    assert.equal(singularise('boxes'), 'box');
    assert.equal(singularise('bosses'), 'boss');
  });

  it('makes -men plurals and irregular plurals singular', () => {
    assert.equal(singularise('foremen'), 'foreman');
    assert.equal(singularise('women'), 'woman');
    assert.equal(singularise('children'), 'child');
    assert.equal(singularise('childrens'), 'child');
  });

  it('makes a compound of a long irregular plural singular like its last word, not a short one', () => {
    assert.equal(singularise('midwives'), 'midwife');
    assert.equal(singularise('grandchildren'), 'grandchild');
    assert.equal(singularise('pumice'), 'pumice');
  });

  it('leaves words that only look plural', () => {
    assert.equal(singularise('glass'), 'glass');
    assert.equal(singularise('bus'), 'bus');
    assert.equal(singularise('analysis'), 'analysis');
  });

  it('ignores word order', () => {
    assert.equal(key('Nurse, community'), key('community nurse'));
  });

  it('drops stop words', () => {
    assert.equal(key('Head of department'), key('department head'));
  });

  it('keeps a title made only of stop words', () => {
    assert.deepEqual(tokens('A'), ['a']);
  });

  it('reads & as and', () => {
    assert.equal(key('Sales & marketing manager'), key('sales and marketing manager'));
  });

  it('returns no tokens for punctuation only', () => {
    assert.deepEqual(tokens('!!! -- ,,'), []);
  });

  it('keeps each token as typed, before it was made singular', () => {
    assert.deepEqual(plain.analyse('Proceys workers').asTyped, ['proceys', 'workers']);
  });

  it('finds the head word: the last word before the first preposition, else the last word', () => {
    const head = (text: string): string => {
      const analysed = plain.analyse(text);
      return analysed.tokens[analysed.head]!;
    };
    assert.equal(head('Software developer'), 'developer');
    assert.equal(head('Heads of department'), 'head');
    assert.equal(head('import export manager in household goods'), 'manager');
    assert.equal(head('Sales & marketing manager'), 'manager');
    assert.equal(head('A'), 'a');
  });
});

describe('abbreviation expansion', () => {
  const expansions = abbreviationExpansions([
    { abbreviation: 'HGV', meaning: 'Heavy Goods Vehicle', frequent: false },
    { abbreviation: 'Dept/dept', meaning: 'Department', frequent: true },
    { abbreviation: 'PC', meaning: 'Personal Computer', frequent: false },
    { abbreviation: 'PC', meaning: 'Police Constable', frequent: false },
    { abbreviation: 'A4', meaning: 'Grades as used in Jobcentre Plus, Scottish Government', frequent: false },
    { abbreviation: 'HR', meaning: 'Hunam Resources', frequent: false },
    { abbreviation: 'r and d', meaning: 'Research and development', frequent: false },
    { abbreviation: 'TA', meaning: 'Teaching/Teachers assistant', frequent: false },
    { abbreviation: 'HCA', meaning: 'Healthcare Assistant', frequent: false },
    { abbreviation: 'AID', meaning: 'Aviation Inspection Directorate', frequent: false },
  ]);
  const expanding = new Normaliser(expansions);

  it('expands an abbreviation to its meaning', () => {
    assert.equal(key('HGV driver', expanding), key('heavy goods vehicle driver', expanding));
  });

  it('expands each spelling of an abbreviation listed with a slash', () => {
    assert.deepEqual(tokens('Dept manager', expanding), ['department', 'manager']);
  });

  it('expands an abbreviation written as a phrase, and with &', () => {
    assert.equal(key('R and D engineer', expanding), key('research and development engineer', expanding));
    assert.equal(key('R&D engineer', expanding), key('research and development engineer', expanding));
  });

  it('expands a plural abbreviation', () => {
    assert.deepEqual(tokens('HCAs', expanding), ['healthcare', 'assistant']);
  });

  it('leaves an abbreviation with several meanings alone', () => {
    assert.deepEqual(tokens('PC', expanding), ['pc']);
  });

  it('leaves grade notes and meanings with alternatives alone', () => {
    assert.equal(expansions.has('a4'), false);
    assert.equal(expansions.has('ta'), false);
  });

  it('leaves abbreviations that are also ordinary words alone', () => {
    assert.deepEqual(tokens('Care aid', expanding), ['care', 'aid']);
  });

  it('corrects misspellings in the published sheet', () => {
    assert.deepEqual(tokens('HR manager', expanding), ['human', 'resource', 'manager']);
  });
});

describe('spelling comparison', () => {
  it('ranks the same text, then the same words, then anything else', () => {
    assert.equal(spellingDistance(spelling('Joiner  MACHINIST'), spelling('Joiner machinist')), 0);
    assert.equal(spellingDistance(spelling('Joiner machinist'), spelling('Joiner-machinist')), 1);
    assert.equal(spellingDistance(spelling('Joiner machinists'), spelling('Joiner machinist')), 2);
  });

  it('measures how much two spellings share at their ends', () => {
    assert.ok(sharedEnds('services managers', 'services manager') > sharedEnds('services managers', 'service manager'));
  });
});

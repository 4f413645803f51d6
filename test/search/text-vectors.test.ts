import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bag, contentWords, cosine, stem, Tfidf } from '../../src/search/text-vectors.js';

describe('text vectors', () => {
  it('stems a title and the words that describe it alike', () => {
    assert.equal(stem('cleaner'), stem('cleaning'));
    assert.equal(stem('policing'), stem('police'));
    assert.equal(stem('nurses'), stem('nurse'));
    // Four letters stay: "care" is not cut to "car".
    assert.equal(stem('care'), 'care');
  });

  it('drops stop words and single letters', () => {
    assert.deepEqual(contentWords('You will work with the children, e.g. in a nursery'), ['child', stem('nursery')]);
    assert.deepEqual(contentWords(null), []);
  });

  it('weights parts of a bag', () => {
    assert.deepEqual(
      [
        ...bag([
          ['Cleaner', 3],
          ['cleaning offices', 1],
        ]),
      ],
      [
        ['clean', 4],
        [stem('office'), 1],
      ],
    );
  });

  it('gives unit vectors whose cosine is 1 for the same words and 0 for none shared', () => {
    const tfidf = new Tfidf();
    for (const text of ['office cleaner', 'mine worker', 'police officer']) tfidf.add(contentWords(text));
    const office = tfidf.vector(bag([['office cleaner', 1]]));
    assert.ok(Math.abs(cosine(office, office) - 1) < 1e-9);
    assert.equal(cosine(office, tfidf.vector(bag([['mine worker', 1]]))), 0);
    // "office" is in two documents, "cleaner" in one: the rarer word weighs more.
    assert.ok(office.get('clean')! > office.get(stem('office'))!);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Normaliser } from '../../src/search/normalise.js';
import { learnWordVariants } from '../../src/search/word-variants.js';

function learn(names: string[][], titleWords: string[]): Record<string, string[]> {
  const steps = learnWordVariants(names, new Normaliser(), (word) => titleWords.includes(word));
  let step = steps.next();
  while (!step.done) step = steps.next();
  return Object.fromEntries(step.value);
}

describe('learnWordVariants', () => {
  const titleWords = ['import', 'export', 'clerk', 'nail', 'technician', 'counsellor', 'bricklayer', 'cook', 'cooker'];

  it('keeps clipped forms and spelling variants of a title word, learnt from names one word apart', () => {
    assert.deepEqual(
      learn(
        [
          ['Nail technician', 'Nail tech'],
          ['Counsellor', 'Counselor'],
          ['Bricklayer', 'Brickie'],
        ],
        titleWords,
      ),
      { tech: ['technician'], counselor: ['counsellor'], brickie: ['bricklayer'] },
    );
  });

  it('pairs no two title words by spelling, and no word with its derived forms', () => {
    assert.deepEqual(
      learn(
        [
          ['Import clerk', 'Export clerk'],
          ['Cook', 'Cooker'],
        ],
        titleWords,
      ),
      {},
    );
  });

  it('chains variants that pass the same test: a clipping of a clipping', () => {
    const words = ['physio', 'physiotherapy', 'physiotherapist', 'assistant'];
    assert.deepEqual(
      learn(
        [
          ['Physio assistant', 'Physiotherapy assistant'],
          ['Physiotherapy assistant', 'Physiotherapist assistant'],
        ],
        words,
      ),
      { physio: ['physiotherapist', 'physiotherapy'], physiotherapy: ['physiotherapist'] },
    );
  });

  it('pairs only names of one occupation, differing in one word', () => {
    assert.deepEqual(learn([['Nail technician'], ['Nail tech']], titleWords), {});
    assert.deepEqual(learn([['Senior nail technician', 'Nail tech']], titleWords), {});
  });
});

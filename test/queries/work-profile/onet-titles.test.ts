import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { excludedTitles, namedTitles } from '../../../src/queries/work-profile/onet-titles.js';

describe('namedTitles (the job titles an O*NET title names)', () => {
  it('keeps a title that names one job as it is', () => {
    assert.deepEqual(namedTitles('Electricians'), ['Electricians']);
  });

  it('reads "A and B C" both ways: A as a modifier of C, and A as a job of its own', () => {
    assert.deepEqual(namedTitles("Police and Sheriff's Patrol Officers"), [
      "Police and Sheriff's Patrol Officers",
      'Police Patrol Officers',
      "Sheriff's Patrol Officers",
    ]);
    assert.deepEqual(namedTitles('Detectives and Criminal Investigators'), [
      'Detectives and Criminal Investigators',
      'Detectives',
      'Detectives Investigators',
      'Criminal Investigators',
    ]);
  });

  it('shares a longer first part with a lone later word, and lists serial-comma items', () => {
    assert.deepEqual(namedTitles('Equal Opportunity Representatives and Officers').slice(1), [
      'Equal Opportunity Representatives',
      'Equal Opportunity Officers',
    ]);
    assert.deepEqual(namedTitles('Meeting, Convention, and Event Planners').slice(1), [
      'Meeting Planners',
      'Convention Planners',
      'Event Planners',
    ]);
  });

  it('turns an inverted qualifier round, drops "Except ..." and reads "--"', () => {
    assert.deepEqual(namedTitles('Education Teachers, Postsecondary').slice(1), [
      'Education Teachers',
      'Postsecondary Education Teachers',
    ]);
    assert.deepEqual(namedTitles('Wholesale and Retail Buyers, Except Farm Products').slice(1), [
      'Wholesale Buyers',
      'Retail Buyers',
    ]);
    assert.deepEqual(namedTitles('Helpers--Carpenters').slice(1), ['Carpenters Helpers']);
  });
});

describe('excludedTitles (the jobs an O*NET title excludes)', () => {
  it('reads the jobs after ", Except", each alone', () => {
    assert.deepEqual(excludedTitles('Refractory Materials Repairers, Except Brickmasons'), ['Brickmasons']);
    assert.deepEqual(excludedTitles('Floor Layers, Except Carpet, Wood, and Hard Tiles'), [
      'Carpet',
      'Wood',
      'Hard Tiles',
    ]);
    assert.deepEqual(excludedTitles('Electricians'), []);
  });
});

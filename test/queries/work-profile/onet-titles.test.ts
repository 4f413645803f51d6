import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { namedTitles, usExclusion } from '../../../src/queries/work-profile/onet-titles.js';

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

describe('usExclusion (what an O*NET title "X, Except Y" says it is not)', () => {
  it('keeps X and names Y: a job as it is, a modifier with the first job X names', () => {
    assert.deepEqual(usExclusion('Refractory Materials Repairers, Except Brickmasons'), {
      kept: 'Refractory Materials Repairers',
      excluded: ['Brickmasons'],
    });
    assert.deepEqual(usExclusion('Architects, Except Landscape and Naval'), {
      kept: 'Architects',
      excluded: ['Landscape Architects', 'Naval Architects'],
    });
    assert.deepEqual(
      usExclusion('Secretaries and Administrative Assistants, Except Legal, Medical, and Executive').excluded,
      ['Legal Secretaries', 'Medical Secretaries', 'Executive Secretaries'],
    );
  });

  it('leaves a title without an exclusion alone, and a trailing "All Other" with the kept occupation', () => {
    assert.deepEqual(usExclusion('Electricians'), { kept: 'Electricians', excluded: [] });
    assert.deepEqual(usExclusion('Engineering Technologists and Technicians, Except Drafters, All Other'), {
      kept: 'Engineering Technologists and Technicians, All Other',
      excluded: ['Drafters'],
    });
  });
});

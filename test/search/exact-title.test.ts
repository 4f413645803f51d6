import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exactTitleKey } from '../../src/search/exact-title.js';

describe('exact title key', () => {
  it('sets aside case, punctuation, possessives and plurals, and nothing else', () => {
    assert.equal(exactTitleKey("Barristers' Clerks"), exactTitleKey("barrister's clerk"));
    assert.equal(exactTitleKey('Joiner-machinist'), exactTitleKey('joiner machinist'));
    assert.equal(exactTitleKey('Software developers'), 'software developer');
    assert.notEqual(exactTitleKey('Clerk, barristers'), exactTitleKey('Barristers clerk'));
    assert.notEqual(exactTitleKey('Head of department'), exactTitleKey('Department head'));
    assert.notEqual(exactTitleKey('Software developr'), exactTitleKey('Software developer'));
  });
});

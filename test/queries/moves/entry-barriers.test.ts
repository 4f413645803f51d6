import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { entryBarrier, entryRequirements } from '../../../src/queries/moves/entry-barriers.js';

// Sentences of SOC 2020 Volume 1 (16 April 2025), "Typical Entry Routes And Associated Qualifications".
const PODIATRISTS =
  'Entry requires a degree in podiatry approved by the Health Professions Council and registration with and membership of the Society of Chiropodists and Podiatrists. Degree courses combine theoretical and practical training.';
const PARAMEDICS =
  'Entry is via a student paramedic position with an ambulance service trust or completion of an approved full-time university course in paramedical science. Paramedics working in the NHS must be registered with the Health and Care Professions Council (HCPC).';
const SOLICITORS = 'Entry to training usually requires a qualifying law degree or postgraduate diploma.';
const ROAD_WORKERS =
  'No formal academic qualifications are required. Operatives must be registered with the Street Workers Qualification Register.';

describe('entry barriers', () => {
  it("reads a degree's subject and the bodies an unhedged requirement names", () => {
    assert.deepEqual(
      entryRequirements(PODIATRISTS).map((r) => `${r.kind}:${r.name}`),
      ['body:Health Professions Council', 'body:Society of Chiropodists and Podiatrists', 'subject:podiatry'],
    );
  });

  it('reads no barrier from a hedged requirement or from a text that asks for no degree', () => {
    assert.deepEqual(entryRequirements(SOLICITORS), []);
    assert.deepEqual(entryRequirements(ROAD_WORKERS), []);
    assert.deepEqual(entryRequirements(null), []);
  });

  it("finds the first requirement the source's title and entry text do not name, by name, initials or stem", () => {
    const podiatry = entryRequirements(PODIATRISTS);
    // Volume 1 names the regulator by its old name for podiatrists and its new one for paramedics.
    assert.deepEqual(entryBarrier({ title: 'Paramedics', entryRoutes: PARAMEDICS }, podiatry), {
      kind: 'body',
      name: 'Health Professions Council',
    });
    const hpc = entryRequirements('Entrants require a degree recognised by the Health Professions Council (HPC).');
    assert.equal(entryBarrier({ title: 'Therapists', entryRoutes: 'Registration with the HPC.' }, hpc), null);
    const subject = entryRequirements('Entrants require a degree in podiatry.');
    assert.equal(entryBarrier({ title: 'Podiatrists', entryRoutes: null }, subject), null);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseEscoOccupationSkills } from '../../../../../src/ingest/sources/esco/esco-occupation-skills/parse.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe("ESCO occupation-skill relations parser (a fixture in the publisher's layout)", () => {
  it('reads relations and refuses a relation type other than essential or optional', () => {
    const csv = [
      'occupationUri,relationType,skillType,skillUri',
      'http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34,essential,knowledge,http://data.europa.eu/esco/skill/fed5b267-73fa-461d-9f69-827c78beb39d',
      'http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34,optional,skill/competence,http://data.europa.eu/esco/skill/0005c151-5b5a-4a66-8aac-60e734beb1ab',
    ].join('\n');
    assert.deepEqual(parseEscoOccupationSkills(bytes(csv)), [
      {
        occupationId: '00030d09-2b3a-4efd-87cc-c4ea39d27c34',
        skillId: 'fed5b267-73fa-461d-9f69-827c78beb39d',
        essential: true,
      },
      {
        occupationId: '00030d09-2b3a-4efd-87cc-c4ea39d27c34',
        skillId: '0005c151-5b5a-4a66-8aac-60e734beb1ab',
        essential: false,
      },
    ]);
    assert.throws(
      () => parseEscoOccupationSkills(bytes(csv.replace(',optional,', ',preferred,'))),
      /relationType "preferred"/,
    );
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escoSkillsSource } from '../../../../../src/ingest/sources/esco/esco-skills/descriptor.js';
import { parseEscoSkills } from '../../../../../src/ingest/sources/esco/esco-skills/parse.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe("ESCO skills parser (a fixture in the publisher's layout)", () => {
  it('types skills as skill/competence or knowledge; an untyped concept is kept with a warning', () => {
    const csv = [
      'conceptType,conceptUri,skillType,reuseLevel,preferredLabel,altLabels,hiddenLabels,status,modifiedDate,scopeNote,definition,inScheme,description',
      'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/0005c151-5b5a-4a66-8aac-60e734beb1ab,skill/competence,sector-specific,manage musical staff,"manage staff of music\nmanage music staff",,released,2016-12-20T17:43:43Z,,,,"Assign tasks."',
      'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/fed5b267-73fa-461d-9f69-827c78beb39d,knowledge,cross-sector,stage techniques ,,,released,2016-12-20T17:43:43Z,,,,',
      'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/426ceaba-6867-481c-bb6b-aee3933da7d2,,,ICT safety,,,released,2022-08-25T12:53:49.834Z,,,,',
    ].join('\n');
    const skills = parseEscoSkills(bytes(csv));
    assert.deepEqual(
      skills.map((s) => [s.title, s.skillType]),
      [
        ['manage musical staff', 'skill/competence'],
        ['stage techniques', 'knowledge'],
        ['ICT safety', null],
      ],
    );
    const checks = escoSkillsSource.check(skills, {
      label: '',
      seriesKey: null,
      location: { mirrorPath: '', url: '' },
    });
    assert.ok(checks.some((c) => c.status === 'warn' && /ICT safety/.test(c.observed ?? '')));
    assert.ok(
      checks.some((c) => c.status === 'fail'),
      'a three-concept file is too small to be a release',
    );
    assert.throws(() => parseEscoSkills(bytes(csv.replace(',knowledge,', ',attitude,'))), /skillType "attitude"/);
  });
});

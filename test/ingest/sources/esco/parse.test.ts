import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { parseEscoOccupationSkills } from '../../../../src/ingest/sources/esco/esco-occupation-skills/parse.js';
import { parseEscoOccupations } from '../../../../src/ingest/sources/esco/esco-occupations/parse.js';
import { parseEscoSkills } from '../../../../src/ingest/sources/esco/esco-skills/parse.js';
import { escoSkillsSource } from '../../../../src/ingest/sources/esco/esco-skills/descriptor.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** Two occupations in ESCO's layout: quoted labels spanning lines, a comma inside a quoted description. */
const OCCUPATIONS_CSV = [
  'conceptType,conceptUri,iscoGroup,preferredLabel,altLabels,hiddenLabels,status,modifiedDate,regulatedProfessionNote,scopeNote,definition,inScheme,description,code',
  'Occupation,http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34,2654,technical director,"technical and operations director\nhead of technical",,released,2016-07-05T13:58:41Z,http://data.europa.eu/esco/regulated-professions/unregulated,,,"http://data.europa.eu/esco/concept-scheme/occupations,\nhttp://data.europa.eu/esco/concept-scheme/member-occupations","Technical directors realise the artistic visions, within ""technical"" constraints.",2654.1.7',
  'Occupation,http://data.europa.eu/esco/occupation/000e93a3-d956-4e45-aacb-f12c83fedf84,8121,metal drawing machine operator,wire drawer,,released,2023-01-02T00:00:00Z,,,,,,8121.3',
  '',
].join('\r\n');

describe('ESCO parsers (fixtures in the publisher\'s layout)', () => {
  it('reads occupations with quoted multi-line fields and escaped quotes; an empty description is null', () => {
    const occupations = parseEscoOccupations(bytes(OCCUPATIONS_CSV));
    assert.equal(occupations.length, 2);
    assert.deepEqual(occupations[0], {
      conceptId: '00030d09-2b3a-4efd-87cc-c4ea39d27c34',
      uri: 'http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34',
      iscoGroup: '2654',
      title: 'technical director',
      description: 'Technical directors realise the artistic visions, within "technical" constraints.',
      modifiedDate: '2016-07-05T13:58:41Z',
    });
    assert.equal(occupations[1]!.description, null);
  });

  it('reads the same file gzip-compressed (the mirror keeps large files as .csv.gz)', () => {
    assert.deepEqual(parseEscoOccupations(new Uint8Array(gzipSync(bytes(OCCUPATIONS_CSV)))), parseEscoOccupations(bytes(OCCUPATIONS_CSV)));
  });

  it('refuses an occupation without a four-digit ISCO-08 group, and a file without the columns', () => {
    assert.throws(() => parseEscoOccupations(bytes(OCCUPATIONS_CSV.replace(',2654,', ',26,'))), /iscoGroup "26"/);
    assert.throws(() => parseEscoOccupations(bytes('conceptUri,preferredLabel\r\nx,y\r\n')), /no column "conceptType"/);
    assert.throws(() => parseEscoOccupations(bytes(OCCUPATIONS_CSV.replace('occupation/000e93a3', 'skill/000e93a3'))), /not an ESCO occupation URI/);
  });

  it('types skills as skill/competence or knowledge; an untyped concept is kept with a warning', () => {
    const csv = [
      'conceptType,conceptUri,skillType,reuseLevel,preferredLabel,altLabels,hiddenLabels,status,modifiedDate,scopeNote,definition,inScheme,description',
      'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/0005c151-5b5a-4a66-8aac-60e734beb1ab,skill/competence,sector-specific,manage musical staff,"manage staff of music\nmanage music staff",,released,2016-12-20T17:43:43Z,,,,"Assign tasks."',
      'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/fed5b267-73fa-461d-9f69-827c78beb39d,knowledge,cross-sector,stage techniques ,,,released,2016-12-20T17:43:43Z,,,,',
      'KnowledgeSkillCompetence,http://data.europa.eu/esco/skill/426ceaba-6867-481c-bb6b-aee3933da7d2,,,ICT safety,,,released,2022-08-25T12:53:49.834Z,,,,',
    ].join('\n');
    const skills = parseEscoSkills(bytes(csv));
    assert.deepEqual(skills.map((s) => [s.title, s.skillType]), [['manage musical staff', 'skill/competence'], ['stage techniques', 'knowledge'], ['ICT safety', null]]);
    const checks = escoSkillsSource.check(skills, { label: '', seriesKey: null, location: { mirrorPath: '', url: '' } });
    assert.ok(checks.some((c) => c.status === 'warn' && /ICT safety/.test(c.observed ?? '')));
    assert.ok(checks.some((c) => c.status === 'fail'), 'a three-concept file is too small to be a release');
    assert.throws(() => parseEscoSkills(bytes(csv.replace(',knowledge,', ',attitude,'))), /skillType "attitude"/);
  });

  it('reads relations and refuses a relation type other than essential or optional', () => {
    const csv = [
      'occupationUri,relationType,skillType,skillUri',
      'http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34,essential,knowledge,http://data.europa.eu/esco/skill/fed5b267-73fa-461d-9f69-827c78beb39d',
      'http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34,optional,skill/competence,http://data.europa.eu/esco/skill/0005c151-5b5a-4a66-8aac-60e734beb1ab',
    ].join('\n');
    assert.deepEqual(parseEscoOccupationSkills(bytes(csv)), [
      { occupationId: '00030d09-2b3a-4efd-87cc-c4ea39d27c34', skillId: 'fed5b267-73fa-461d-9f69-827c78beb39d', essential: true },
      { occupationId: '00030d09-2b3a-4efd-87cc-c4ea39d27c34', skillId: '0005c151-5b5a-4a66-8aac-60e734beb1ab', essential: false },
    ]);
    assert.throws(() => parseEscoOccupationSkills(bytes(csv.replace(',optional,', ',preferred,'))), /relationType "preferred"/);
  });
});

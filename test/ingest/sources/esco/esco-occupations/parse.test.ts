import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { parseEscoOccupations } from '../../../../../src/ingest/sources/esco/esco-occupations/parse.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** Two occupations in ESCO's layout: quoted labels spanning lines, a comma inside a quoted description. */
const OCCUPATIONS_CSV = [
  'conceptType,conceptUri,iscoGroup,preferredLabel,altLabels,hiddenLabels,status,modifiedDate,regulatedProfessionNote,scopeNote,definition,inScheme,description,code',
  'Occupation,http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34,2654,technical director,"technical and operations director\nhead of technical",,released,2016-07-05T13:58:41Z,http://data.europa.eu/esco/regulated-professions/unregulated,,,"http://data.europa.eu/esco/concept-scheme/occupations,\nhttp://data.europa.eu/esco/concept-scheme/member-occupations","Technical directors realise the artistic visions, within ""technical"" constraints.",2654.1.7',
  'Occupation,http://data.europa.eu/esco/occupation/000e93a3-d956-4e45-aacb-f12c83fedf84,8121,metal drawing machine operator,wire drawer,,released,2023-01-02T00:00:00Z,,,,,,8121.3',
  '',
].join('\r\n');

describe("ESCO occupations parser (a fixture in the publisher's layout)", () => {
  it('reads occupations with quoted multi-line fields and escaped quotes; an empty description is null', () => {
    const occupations = parseEscoOccupations(bytes(OCCUPATIONS_CSV));
    assert.equal(occupations.length, 2);
    assert.deepEqual(occupations[0], {
      conceptId: '00030d09-2b3a-4efd-87cc-c4ea39d27c34',
      uri: 'http://data.europa.eu/esco/occupation/00030d09-2b3a-4efd-87cc-c4ea39d27c34',
      iscoGroup: '2654',
      title: 'technical director',
      altLabels: ['technical and operations director', 'head of technical'],
      description: 'Technical directors realise the artistic visions, within "technical" constraints.',
      modifiedDate: '2016-07-05T13:58:41Z',
    });
    assert.equal(occupations[1]!.description, null);
    assert.deepEqual(occupations[1]!.altLabels, ['wire drawer']);
  });

  it('reads the same file gzip-compressed (the mirror keeps large files as .csv.gz)', () => {
    assert.deepEqual(
      parseEscoOccupations(new Uint8Array(gzipSync(bytes(OCCUPATIONS_CSV)))),
      parseEscoOccupations(bytes(OCCUPATIONS_CSV)),
    );
  });

  it('refuses an occupation without a four-digit ISCO-08 group, and a file without the columns', () => {
    assert.throws(() => parseEscoOccupations(bytes(OCCUPATIONS_CSV.replace(',2654,', ',26,'))), /iscoGroup "26"/);
    assert.throws(() => parseEscoOccupations(bytes('conceptUri,preferredLabel\r\nx,y\r\n')), /no column "conceptType"/);
    assert.throws(
      () => parseEscoOccupations(bytes(OCCUPATIONS_CSV.replace('occupation/000e93a3', 'skill/000e93a3'))),
      /not an ESCO occupation URI/,
    );
  });
});

import { insertEscoOccupations } from '../../../../store/esco.js';
import type { SourceDescriptor } from '../../../source.js';
import { ESCO_ATTRIBUTION, ESCO_CADENCE, ESCO_LICENCE, ESCO_PAGE, ESCO_PUBLISHER, detectEscoFile, latestModification } from '../publisher.js';
import { atLeast, eachKeyOnce } from '../../../checks/key-checks.js';
import { OCCUPATIONS_FILE, parseEscoOccupations } from './parse.js';
import type { Check } from '../../../../domain/editions.js';
import type { EscoOccupation } from '../../../../domain/skills.js';

export const escoOccupationsSource: SourceDescriptor<EscoOccupation[]> = {
  key: 'esco-occupations',
  name: 'ESCO classification: occupations (English)',
  publisher: ESCO_PUBLISHER,
  licence: ESCO_LICENCE,
  url: ESCO_PAGE,
  cadence: ESCO_CADENCE,
  tier: 'detectonly',
  attribution: ESCO_ATTRIBUTION,

  detect: (upstream) => detectEscoFile(upstream, OCCUPATIONS_FILE, 'ESCO occupations (English)'),

  async parse(file) {
    return parseEscoOccupations(file.bytes);
  },

  labelOf(occupations) {
    const latest = latestModification(occupations.map((o) => o.modifiedDate));
    return `ESCO occupations (English), ${occupations.length.toLocaleString('en-GB')} occupations${latest ? `, last changed ${latest}` : ''}`;
  },

  check(occupations): Check[] {
    return [
      ...atLeast('at least 2,500 occupations (v1.1.1 has 3,007)', occupations.length, 2500),
      ...eachKeyOnce('each occupation URI once', occupations.map((o) => o.conceptId)),
    ];
  },

  stage(trx, editionId, occupations) {
    return insertEscoOccupations(trx, editionId, occupations);
  },
};

import type { EscoOccupation } from '../../../../domain/skills.js';
import { readCsv } from '../../../formats/delimited.js';
import { occupationIdOf } from '../publisher.js';

export const OCCUPATIONS_FILE = 'occupations_en.csv';

const COLUMNS = [
  'conceptType',
  'conceptUri',
  'iscoGroup',
  'preferredLabel',
  'altLabels',
  'description',
  'modifiedDate',
] as const;

/** Parses ESCO's occupations CSV; throws on a row that is not an occupation with a four-digit ISCO-08 group. */
export function parseEscoOccupations(bytes: Uint8Array): EscoOccupation[] {
  return readCsv(bytes, COLUMNS, 'ESCO occupations').map((row, i) => {
    const where = `ESCO occupations, record ${i + 1}`;
    if (row.conceptType !== 'Occupation')
      throw new Error(`${where}: conceptType is "${row.conceptType}", not "Occupation"`);
    const iscoGroup = (row.iscoGroup ?? '').trim();
    if (!/^\d{4}$/.test(iscoGroup))
      throw new Error(`${where}: iscoGroup "${iscoGroup}" is not a four-digit ISCO-08 group`);
    const title = (row.preferredLabel ?? '').trim();
    if (title === '') throw new Error(`${where}: no preferredLabel`);
    const uri = (row.conceptUri ?? '').trim();
    return {
      conceptId: occupationIdOf(uri),
      uri,
      iscoGroup,
      title,
      altLabels: [
        ...new Set(
          (row.altLabels ?? '')
            .split('\n')
            .map((label) => label.trim())
            .filter((label) => label !== '' && label !== title),
        ),
      ],
      description: (row.description ?? '').trim() || null,
      modifiedDate: (row.modifiedDate ?? '').trim() || null,
    };
  });
}

import { parse } from 'csv-parse/sync';
import type { GeographyArea } from '../../../../domain/areas.js';
import { decodeUtf8Strict } from '../../../checks/strict-text.js';

const GSS = /^[EWSNK]\d{8}$/;

function readCsv(bytes: Uint8Array, file: string, columns: string[]): Record<string, string>[] {
  const text = decodeUtf8Strict(bytes, file).replace(/^\uFEFF/, '');
  const rows = parse<Record<string, string>>(text, { columns: true, skip_empty_lines: true, trim: true });
  const header = Object.keys(rows[0] ?? {});
  const missing = columns.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new Error(`${file} has no column ${missing.join(', ')}`);
  for (const [i, row] of rows.entries()) {
    for (const column of columns.filter((c) => c.endsWith('CD') || c === 'code')) {
      if (!GSS.test(row[column] ?? '')) throw new Error(`${file} row ${i + 2}: "${row[column]}" is not a GSS code`);
    }
  }
  return rows;
}

/**
 * The local authority districts of April 2023 with their region (or nation outside England),
 * and the regions, nations and UK with their codes.
 */
export function parseGeography(districtsCsv: Uint8Array, regionsCsv: Uint8Array): GeographyArea[] {
  const regions = readCsv(regionsCsv, 'the regions and nations list', ['code', 'name', 'type']);
  const districts = readCsv(districtsCsv, 'the district lookup', ['LAD23CD', 'LAD23NM', 'RGN23CD', 'RGN23NM']);
  const areas: GeographyArea[] = regions.map((r) => ({
    code: r.code!,
    name: r.name!,
    kind: r.code === 'K02000001' ? 'uk' : r.code!.startsWith('E12') ? 'region' : 'nation',
    regionCode: null,
    regionName: null,
  }));
  for (const d of districts) {
    areas.push({
      code: d.LAD23CD!,
      name: d.LAD23NM!,
      kind: 'district',
      regionCode: d.RGN23CD!,
      regionName: d.RGN23NM!,
    });
  }
  return areas;
}

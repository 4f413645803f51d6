import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { upstreamPath } from '../upstream.js';
import { json, type PublisherResponse } from './routes.js';

/**
 * The Open Geography Portal's ArcGIS REST answers, built in Esri's JSON shape (no response is
 * recorded: `_publishers/MANIFEST.md` §2j) from the mirror's April 2023 lists: the England lookup
 * from `DERIVED_lad23_to_region_uk.csv` (296 English rows), the UK names and codes from
 * `ltla23.csv` (361). The lookup answers in pages of 200, as a server with a smaller record limit does.
 */

const SERVICES = 'https://services1.arcgis.com/ESMARspQHYMw9BZ9/arcgis/rest/services';

const csv = (file: string) =>
  parse<Record<string, string>>(readFileSync(upstreamPath(`geography/${file}`), 'utf8').replace(/^\uFEFF/, ''), {
    columns: true,
    skip_empty_lines: true,
  });

const queryUrl = (service: string, offset: number) =>
  `${SERVICES}/${service}/FeatureServer/0/query?where=1%3D1&outFields=*&returnGeometry=false&f=json&resultOffset=${offset}&resultRecordCount=2000`;

function pages(service: string, rows: Record<string, unknown>[], pageSize: number): [string, PublisherResponse][] {
  const out: [string, PublisherResponse][] = [];
  for (let offset = 0; offset <= rows.length; offset += pageSize) {
    const page = rows.slice(offset, offset + pageSize);
    out.push([
      queryUrl(service, offset),
      json({
        objectIdFieldName: 'ObjectId',
        uniqueIdField: { name: 'ObjectId', isSystemMaintained: true },
        globalIdFieldName: '',
        fields: Object.keys(rows[0] ?? {}).map((name) => ({ name, type: 'esriFieldTypeString', alias: name })),
        features: page.map((attributes, i) => ({ attributes: { ...attributes, ObjectId: offset + i + 1 } })),
        exceededTransferLimit: offset + pageSize < rows.length,
      }),
    ]);
    if (offset + pageSize >= rows.length) break;
  }
  return out;
}

export const LOOKUP_SERVICE = 'LAD23_RGN23_EN_LU';
const NAMES_SERVICE = 'LAD_APR_2023_UK_NC';

export function geographyRoutes(
  serviceList: string[] = [
    'LAD22_RGN22_EN_LU',
    LOOKUP_SERVICE,
    NAMES_SERVICE,
    'LAD_DEC_2022_UK_NC',
    'LAD24_RGN24_EN_LU',
  ],
): [string, PublisherResponse][] {
  const lookup = csv('DERIVED_lad23_to_region_uk.csv')
    .filter((r) => r.LAD23CD!.startsWith('E'))
    .map((r) => ({ LAD23CD: r.LAD23CD, LAD23NM: r.LAD23NM, RGN23CD: r.RGN23CD, RGN23NM: r.RGN23NM }));
  const names = csv('ltla23.csv').map((r) => ({ LAD23CD: r.areacd, LAD23NM: r.areanm, LAD23NMW: '' }));
  return [
    [
      `${SERVICES}?f=json`,
      json({
        currentVersion: 11.3,
        services: serviceList.map((name) => ({
          name,
          type: 'FeatureServer',
          url: `${SERVICES}/${name}/FeatureServer`,
        })),
      }),
    ],
    ...pages(LOOKUP_SERVICE, lookup, 200),
    ...pages(NAMES_SERVICE, names, 2000),
  ];
}

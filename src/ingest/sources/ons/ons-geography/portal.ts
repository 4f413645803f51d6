import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GeographyArea } from '../../../../domain/areas.js';
import type { Discovery, DiscoveryContext } from '../../../discovery.js';
import { OPEN_GEOGRAPHY_SERVICES, queryAll, serviceNames } from '../open-geography.js';

/**
 * The UK's districts with their regions and nations, built from two Open Geography services of
 * the newest vintage: the England district-to-region lookup (`LAD23_RGN23_EN_LU`) and the UK
 * districts' names and codes (`LAD_APR_2023_UK_NC`). England's districts take their region from
 * the lookup; Wales's (W06), Scotland's (S12) and Northern Ireland's (N09) their nation.
 */

const LOOKUP = /^LAD(\d\d)_RGN\1_EN_LU$/i;
const UK_NAMES = /^LAD_(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)_(\d{4})_UK_NC$/i;
const MONTHS: Record<string, string> = {
  JAN: 'January',
  FEB: 'February',
  MAR: 'March',
  APR: 'April',
  MAY: 'May',
  JUN: 'June',
  JUL: 'July',
  AUG: 'August',
  SEP: 'September',
  OCT: 'October',
  NOV: 'November',
  DEC: 'December',
};

/** The nations outside England by their districts' code prefix (GSS entity codes), and the UK. */
const NATIONS: { prefix: string; code: string; name: string }[] = [
  { prefix: 'W06', code: 'W92000004', name: 'Wales' },
  { prefix: 'S12', code: 'S92000003', name: 'Scotland' },
  { prefix: 'N09', code: 'N92000002', name: 'Northern Ireland' },
];
const UK = { code: 'K02000001', name: 'United Kingdom' };

/** What discovery writes for the parser: the two services' rows as the portal gave them. */
interface PortalGeography {
  vintage: string;
  lookupService: string;
  namesService: string;
  lookup: Record<string, unknown>[];
  names: Record<string, unknown>[];
}

/** The newest vintage with both services, their rows written to a file in the work folder. */
export async function discoverPortalGeography(context: DiscoveryContext, mirrorPath: string): Promise<Discovery> {
  const names = await serviceNames(context);
  const lookups = names.flatMap((n) => {
    const match = LOOKUP.exec(n);
    return match ? [{ name: n, year: 2000 + Number(match[1]) }] : [];
  });
  const ukNames = names.flatMap((n) => {
    const match = UK_NAMES.exec(n);
    return match ? [{ name: n, year: Number(match[2]), month: MONTHS[match[1]!.toUpperCase()]! }] : [];
  });
  const vintage = lookups
    .map((l) => ({ lookup: l, names: ukNames.find((u) => u.year === l.year) }))
    .filter((v) => v.names)
    .sort((a, b) => a.lookup.year - b.lookup.year)
    .at(-1);
  if (!vintage)
    throw new Error(
      `${OPEN_GEOGRAPHY_SERVICES} lists no year with both a LADyy_RGNyy_EN_LU lookup and a LAD_<month>_<year>_UK_NC list`,
    );
  const portal: PortalGeography = {
    vintage: `${vintage.names!.month} ${vintage.lookup.year}`,
    lookupService: vintage.lookup.name,
    namesService: vintage.names!.name,
    lookup: await queryAll(context, vintage.lookup.name),
    names: await queryAll(context, vintage.names!.name),
  };
  const builtPath = path.join(context.workDir, 'open-geography.json');
  await writeFile(builtPath, JSON.stringify(portal));
  return {
    releases: [
      {
        label: `Local authority districts, ${portal.vintage} (${portal.names.length} UK districts) with regions and nations`,
        seriesKey: null,
        location: { mirrorPath, url: `${OPEN_GEOGRAPHY_SERVICES}/${portal.namesService}/FeatureServer/0`, builtPath },
        pageUrl: 'https://geoportal.statistics.gov.uk/',
      },
    ],
  };
}

/** A column of the vintage's fields, `LAD23CD`: found by its pattern, refused when absent. */
function column(rows: Record<string, unknown>[], pattern: RegExp, service: string): string {
  const found = Object.keys(rows[0] ?? {}).find((k) => pattern.test(k));
  if (!found) throw new Error(`${service} has no field matching ${pattern} (${Object.keys(rows[0] ?? {}).join(', ')})`);
  return found;
}

const text = (value: unknown, where: string): string => {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}: "${String(value)}" is empty`);
  return value.trim();
};

/** The same areas as the mirror's CSVs give (`parseGeography`), from what discovery read from the portal. */
export function parseGeographyFromPortal(bytes: Uint8Array): GeographyArea[] {
  const portal = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as PortalGeography;
  if (!Array.isArray(portal.lookup) || !Array.isArray(portal.names))
    throw new Error('the Open Geography file has no lookup or names rows');
  const [lad, ladName] = [/^LAD\d\dCD$/i, /^LAD\d\dNM$/i].map((p) => column(portal.names, p, portal.namesService));
  const [lookupLad, rgn, rgnName] = [/^LAD\d\dCD$/i, /^RGN\d\dCD$/i, /^RGN\d\dNM$/i].map((p) =>
    column(portal.lookup, p, portal.lookupService),
  );
  const regionOf = new Map<string, { code: string; name: string }>();
  for (const row of portal.lookup) {
    const where = `${portal.lookupService}`;
    regionOf.set(text(row[lookupLad!], where), { code: text(row[rgn!], where), name: text(row[rgnName!], where) });
  }
  const regions = new Map([...regionOf.values()].map((r) => [r.code, r.name]));
  const areas: GeographyArea[] = [
    ...[...regions].sort(([a], [b]) => a.localeCompare(b)).map(([code, name]) => area(code, name, 'region')),
    ...NATIONS.map((n) => area(n.code, n.name, 'nation')),
    area(UK.code, UK.name, 'uk'),
  ];
  for (const row of portal.names) {
    const code = text(row[lad!], portal.namesService);
    const name = text(row[ladName!], portal.namesService);
    const parent = code.startsWith('E') ? regionOf.get(code) : NATIONS.find((n) => code.startsWith(n.prefix));
    if (!parent) throw new Error(`${portal.namesService}: district ${code} ${name} is in no region or nation`);
    areas.push({ code, name, kind: 'district', regionCode: parent.code, regionName: parent.name });
  }
  return areas;
}

function area(code: string, name: string, kind: GeographyArea['kind']): GeographyArea {
  return { code, name, kind, regionCode: null, regionName: null };
}

/** Areas: the UK, its nations and English regions, and local authority districts. */

export type AreaKind = 'district' | 'region' | 'nation' | 'uk';

/** A row of the ONS geography lookup: a district, region, nation or the UK. */
export interface GeographyArea {
  code: string;
  name: string;
  kind: AreaKind;
  /** For a district: its English region, or its nation outside England. */
  regionCode: string | null;
  regionName: string | null;
}

/** An area as responses name it: GSS code, the slug callers pass as `area`, and the official name. */
export interface AreaSummary {
  code: string;
  slug: string;
  name: string;
}

/** A local area as /v1/local-areas lists it (London is one, carrying its region's code). */
export interface LocalArea extends AreaSummary {
  /** The English region or nation containing it. */
  region: string;
}

export const UNITED_KINGDOM: AreaSummary = { code: 'K02000001', slug: 'uk', name: 'United Kingdom' };

/** The English regions, Wales and Scotland, with their GSS codes and ONS names (ONS Open Geography, 2022 regions). */
export const PAY_REGIONS: AreaSummary[] = [
  { code: 'E12000001', slug: 'north-east', name: 'North East' },
  { code: 'E12000002', slug: 'north-west', name: 'North West' },
  { code: 'E12000003', slug: 'yorkshire-and-the-humber', name: 'Yorkshire and The Humber' },
  { code: 'E12000004', slug: 'east-midlands', name: 'East Midlands' },
  { code: 'E12000005', slug: 'west-midlands', name: 'West Midlands' },
  { code: 'E12000006', slug: 'east-of-england', name: 'East of England' },
  { code: 'E12000007', slug: 'london', name: 'London' },
  { code: 'E12000008', slug: 'south-east', name: 'South East' },
  { code: 'E12000009', slug: 'south-west', name: 'South West' },
  { code: 'W92000004', slug: 'wales', name: 'Wales' },
  { code: 'S92000003', slug: 'scotland', name: 'Scotland' },
];

/** The nations with their GSS codes and ONS names (ONS Open Geography). */
export const NATION_AREAS: AreaSummary[] = [
  { code: 'E92000001', slug: 'england', name: 'England' },
  { code: 'W92000004', slug: 'wales', name: 'Wales' },
  { code: 'S92000003', slug: 'scotland', name: 'Scotland' },
  { code: 'N92000002', slug: 'northern-ireland', name: 'Northern Ireland' },
];

/** The UK and its four nations, as `area` values (employment, projections, vacancies). */
export const UK_AND_NATIONS = ['uk', 'england', 'wales', 'scotland', 'northern-ireland'] as const;

/** The `area` values of the pay endpoints, in the spec's order. */
export const PAY_AREA_SLUGS = [
  'uk',
  'wales',
  'scotland',
  'north-east',
  'north-west',
  'yorkshire-and-the-humber',
  'east-midlands',
  'west-midlands',
  'east-of-england',
  'london',
  'south-east',
  'south-west',
] as const;
export type PayAreaSlug = (typeof PAY_AREA_SLUGS)[number];

export function payArea(slug: PayAreaSlug): AreaSummary {
  return slug === 'uk' ? UNITED_KINGDOM : PAY_REGIONS.find((r) => r.slug === slug)!;
}

/** Lower-case, hyphenated, stable: "Armagh City, Banbridge and Craigavon" -> "armagh-city-banbridge-and-craigavon". */
export function areaSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

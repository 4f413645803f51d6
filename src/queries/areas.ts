import { geographySource } from '../ingest/sources/ons-geography/descriptor.js';
import type { GeographyArea } from '../ingest/sources/ons-geography/parse.js';
import { Problem, sourceUnavailable } from '../http/problem.js';
import type { LocalArea } from '../schemas/areas.js';
import { geographyAreasOf } from '../store/geography.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';

export interface AreaSummary {
  code: string;
  slug: string;
  name: string;
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

const LONDON = 'E12000007';

/** What an `area` value names: the UK, a region or nation, or a local area. */
export type ResolvedArea =
  | { kind: 'uk'; summary: AreaSummary }
  | { kind: 'region' | 'nation'; summary: AreaSummary }
  | { kind: 'local'; area: LocalArea };

interface Gazetteer {
  editionId: string;
  localAreas: LocalArea[];
  /** Slugs and GSS codes of local areas, regions, nations and the UK. */
  byKey: Map<string, ResolvedArea>;
}

/**
 * Local areas and the regions and nations above them, from the current geography edition.
 * London is one local area carrying its region's code (E12000007): its 33 districts fold into it.
 */
export class Areas {
  private gazetteer: Gazetteer | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
  ) {}

  async localAreas(): Promise<LocalArea[]> {
    return (await this.load()).localAreas;
  }

  /** Resolves a slug or GSS code; 404 naming the value when it is none of them. */
  async resolve(value: string): Promise<ResolvedArea> {
    const found = (await this.load()).byKey.get(value.trim().toLowerCase());
    if (!found) throw new Problem('area-not-found', `There is no area "${value}". GET /v1/local-areas lists local areas with their slugs and GSS codes; regions are ${REGION_SLUGS_TEXT}.`);
    return found;
  }

  private async load(): Promise<Gazetteer> {
    const edition = await this.current.latest(geographySource.key);
    if (!edition) throw sourceUnavailable(geographySource.key, geographySource.name, 'Local areas');
    if (this.gazetteer?.editionId === edition.id) return this.gazetteer;
    this.gazetteer = buildGazetteer(edition.id, await geographyAreasOf(this.db, edition.id));
    return this.gazetteer;
  }
}

const REGION_SLUGS_TEXT = 'north-east, north-west, yorkshire-and-the-humber, east-midlands, west-midlands, east-of-england, london, south-east, south-west, wales, scotland and northern-ireland';

function buildGazetteer(editionId: string, areas: GeographyArea[]): Gazetteer {
  const byKey = new Map<string, ResolvedArea>();
  const add = (keys: string[], resolved: ResolvedArea) => {
    for (const key of keys) if (!byKey.has(key.toLowerCase())) byKey.set(key.toLowerCase(), resolved);
  };
  const localAreas: LocalArea[] = [];
  const london = areas.find((a) => a.code === LONDON);
  for (const district of areas.filter((a) => a.kind === 'district' && a.regionCode !== LONDON)) {
    localAreas.push({ code: district.code, slug: areaSlug(district.name), name: district.name, region: district.regionName ?? '' });
  }
  if (london) localAreas.push({ code: london.code, slug: areaSlug(london.name), name: london.name, region: london.name });
  localAreas.sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  for (const area of localAreas) add([area.slug, area.code], { kind: 'local', area });
  // London's districts resolve to the London area by their own codes too.
  for (const district of areas.filter((a) => a.kind === 'district' && a.regionCode === LONDON)) {
    const londonArea = localAreas.find((a) => a.code === LONDON);
    if (londonArea) add([district.code], { kind: 'local', area: londonArea });
  }
  for (const area of areas.filter((a) => a.kind !== 'district')) {
    const summary = { code: area.code, slug: area.kind === 'uk' ? 'uk' : areaSlug(area.name), name: area.name };
    // A region slug also names a local area only for London, where they are the same place.
    add([summary.slug, area.code], { kind: area.kind === 'uk' ? 'uk' : area.kind, summary } as ResolvedArea);
  }
  return { editionId, localAreas, byKey };
}

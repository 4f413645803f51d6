import type {
  ApsCountStatus,
  ApsEmploymentType,
  ApsOccupationCount,
  ApsOccupationRelease,
  ApsOrigin,
  ApsPattern,
  ApsRelease,
  ApsSex,
  ApsYear,
  CellMarker,
  CensusAgeCell,
  CensusAgeRelease,
  CensusSex,
  EmploymentCell,
  IndustrySection,
} from '../domain/employment.js';
import { insertInBatches } from './batch.js';
import { editionRowPages } from './bulk.js';
import type { DbOrTx } from './schema.js';
import type { ApsOccupationCountsTable } from './tables/employment.js';

/** The Total row is stored under this code: it is not a unit group. */
const TOTAL_ROW = 'total';

export async function insertApsRelease(db: DbOrTx, editionId: string, release: ApsRelease): Promise<number> {
  const years = await insertInBatches(
    db,
    'aps_years',
    release.years.map((y) => ({ edition_id: editionId, year: y.year, period: y.period })),
  );
  const industries = await insertInBatches(
    db,
    'aps_industries',
    release.industries.map((i) => ({ edition_id: editionId, section: i.section, position: i.position, name: i.name })),
  );
  const cells = await insertInBatches(
    db,
    'aps_employment_cells',
    release.cells.map((c) => ({
      edition_id: editionId,
      year: c.year,
      soc2020: c.soc2020 ?? TOTAL_ROW,
      section: c.section,
      people: c.people,
      marker: c.marker,
      small_sample: c.smallSample ? 1 : 0,
    })),
  );
  return years + industries + cells;
}

export interface ApsTables {
  years: ApsYear[];
  industries: IndustrySection[];
  /** The occupation's cells, every year, and the Total row's. */
  cells: EmploymentCell[];
}

/** An occupation's cells and the Total row's, with the release's years and industry sections. */
export async function apsTablesFor(db: DbOrTx, editionId: string, soc2020: string): Promise<ApsTables> {
  const [years, industries, cells] = await Promise.all([
    db.selectFrom('aps_years').select(['year', 'period']).where('edition_id', '=', editionId).orderBy('year').execute(),
    db
      .selectFrom('aps_industries')
      .select(['section', 'position', 'name'])
      .where('edition_id', '=', editionId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('aps_employment_cells')
      .select(['year', 'soc2020', 'section', 'people', 'marker', 'small_sample'])
      .where('edition_id', '=', editionId)
      .where('soc2020', 'in', [soc2020, TOTAL_ROW])
      .orderBy('year')
      .execute(),
  ]);
  return {
    years: years.map((y) => ({ year: Number(y.year), period: y.period })),
    industries: industries.map((i) => ({ section: i.section, position: Number(i.position), name: i.name })),
    cells: cells.map((c) => ({
      year: Number(c.year),
      soc2020: c.soc2020 === TOTAL_ROW ? null : c.soc2020,
      section: c.section,
      people: c.people === null ? null : Number(c.people),
      marker: c.marker as CellMarker,
      smallSample: Number(c.small_sample) === 1,
    })),
  };
}

/**
 * People in employment per unit group in the release's latest year: the sum of its published
 * industry cells (the count when none is withheld, a lower bound otherwise). Unit groups with no
 * published cell are absent.
 */
export async function publishedEmploymentByUnitGroup(db: DbOrTx, editionId: string): Promise<Map<string, number>> {
  const latest = await db
    .selectFrom('aps_years')
    .select((eb) => eb.fn.max('year').as('year'))
    .where('edition_id', '=', editionId)
    .executeTakeFirst();
  if (latest?.year === null || latest?.year === undefined) return new Map();
  const rows = await db
    .selectFrom('aps_employment_cells')
    .select(['soc2020', (eb) => eb.fn.sum<number | string>('people').as('people')])
    .where('edition_id', '=', editionId)
    .where('year', '=', Number(latest.year))
    .where('marker', '=', 'published')
    .where('soc2020', '<>', TOTAL_ROW)
    .groupBy('soc2020')
    .execute();
  return new Map(rows.filter((row) => Number(row.people) > 0).map((row) => [row.soc2020, Number(row.people)]));
}

export async function insertApsOccupationRelease(
  db: DbOrTx,
  editionId: string,
  release: ApsOccupationRelease,
): Promise<number> {
  await db
    .insertInto('aps_occupation_periods')
    .values({
      edition_id: editionId,
      year: release.year,
      period: release.period,
      origin: release.origin,
      relayed_by: release.relayedBy,
    })
    .execute();
  return insertInBatches(
    db,
    'aps_occupation_counts',
    release.counts.map((c) => ({
      edition_id: editionId,
      area: c.area,
      soc2020: c.soc2020,
      sex: c.sex,
      pattern: c.pattern,
      employment_type: c.employment,
      people: c.people,
      confidence: c.confidence,
      status: c.status,
    })),
  );
}

/** An APS occupation edition's period and how it was read. */
interface ApsOccupationPeriod {
  editionId: string;
  year: number;
  period: string;
  origin: ApsOrigin;
  relayedBy: string | null;
}

export async function apsOccupationPeriods(db: DbOrTx, editionIds: string[]): Promise<ApsOccupationPeriod[]> {
  if (editionIds.length === 0) return [];
  const rows = await db
    .selectFrom('aps_occupation_periods')
    .selectAll()
    .where('edition_id', 'in', editionIds)
    .orderBy('year')
    .execute();
  return rows.map((r) => ({
    editionId: r.edition_id,
    year: Number(r.year),
    period: r.period,
    origin: r.origin as ApsOrigin,
    relayedBy: r.relayed_by,
  }));
}

/** Every count of a unit group in an area (GSS code) in the given editions: all its breakdowns. */
export async function apsOccupationCountsFor(
  db: DbOrTx,
  editionIds: string[],
  soc2020: string,
  area: string,
): Promise<(ApsOccupationCount & { editionId: string })[]> {
  if (editionIds.length === 0) return [];
  const rows = await db
    .selectFrom('aps_occupation_counts')
    .selectAll()
    .where('edition_id', 'in', editionIds)
    .where('soc2020', '=', soc2020)
    .where('area', '=', area)
    .orderBy('edition_id')
    .orderBy('sex')
    .orderBy('pattern')
    .orderBy('employment_type')
    .execute();
  return rows.map(toApsCount);
}

function toApsCount(r: ApsOccupationCountsTable): ApsOccupationCount & { editionId: string } {
  return {
    editionId: r.edition_id,
    area: r.area,
    soc2020: r.soc2020,
    sex: r.sex as ApsSex,
    pattern: r.pattern as ApsPattern,
    employment: r.employment_type as ApsEmploymentType,
    people: r.people === null ? null : Number(r.people),
    confidence: r.confidence === null ? null : Number(r.confidence),
    status: r.status as ApsCountStatus,
  };
}

/** An edition's published all-persons counts in an area, largest first: the biggest occupations (the explorer's front page). */
export async function apsLargestCounts(
  db: DbOrTx,
  editionId: string,
  area: string,
  limit: number,
): Promise<(ApsOccupationCount & { editionId: string })[]> {
  const rows = await db
    .selectFrom('aps_occupation_counts')
    .selectAll()
    .where('edition_id', '=', editionId)
    .where('area', '=', area)
    .where('sex', '=', 'all')
    .where('pattern', '=', 'all')
    .where('employment_type', '=', 'all')
    .where('status', '=', 'published')
    .where('people', 'is not', null)
    .orderBy('people', 'desc')
    .orderBy('soc2020')
    .limit(limit)
    .execute();
  return rows.map(toApsCount);
}

/** Every count of an edition, a page at a time, by unit group, area and breakdown (a bulk file's order). */
export async function* apsCountPages(db: DbOrTx, editionId: string): AsyncGenerator<ApsOccupationCount[]> {
  const keys = ['soc2020', 'area', 'sex', 'pattern', 'employment_type'] as const;
  for await (const page of editionRowPages(db, 'aps_occupation_counts', editionId, keys)) yield page.map(toApsCount);
}

/** Per edition, the sum of the published unit-group counts in the area (all persons): the base of a share. */
export async function apsOccupationTotals(
  db: DbOrTx,
  editionIds: string[],
  area: string,
): Promise<Map<string, number>> {
  if (editionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('aps_occupation_counts')
    .select(['edition_id', (eb) => eb.fn.sum<string | number>('people').as('total')])
    .where('edition_id', 'in', editionIds)
    .where('area', '=', area)
    .where('sex', '=', 'all')
    .where('pattern', '=', 'all')
    .where('employment_type', '=', 'all')
    .where('status', '=', 'published')
    .groupBy('edition_id')
    .execute();
  return new Map(rows.map((r) => [r.edition_id, Number(r.total)]));
}

/** The band number a row's total column is stored under: bands count from 1. */
const TOTAL_BAND = 0;

export async function insertCensusAgeRelease(
  db: DbOrTx,
  editionId: string,
  release: CensusAgeRelease,
): Promise<number> {
  const bands = await insertInBatches(
    db,
    'census_age_bands',
    release.bands.map((b) => ({
      edition_id: editionId,
      position: b.position,
      label: b.label,
      age_from: b.from,
      age_to: b.to,
    })),
  );
  const cells = await insertInBatches(
    db,
    'census_age_cells',
    release.cells.map((c) => ({
      edition_id: editionId,
      soc2020: c.soc2020,
      sex: c.sex,
      band: c.band ?? TOTAL_BAND,
      people: c.people,
      marker: c.marker,
    })),
  );
  return bands + cells;
}

/** A Census release's bands and one unit group's cells for one sex, youngest band first, its total last. */
export async function censusAgeFor(
  db: DbOrTx,
  editionId: string,
  soc2020: string,
  sex: CensusSex,
): Promise<Pick<CensusAgeRelease, 'bands' | 'cells'>> {
  const [bands, cells] = await Promise.all([
    db
      .selectFrom('census_age_bands')
      .select(['position', 'label', 'age_from', 'age_to'])
      .where('edition_id', '=', editionId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('census_age_cells')
      .select(['band', 'people', 'marker'])
      .where('edition_id', '=', editionId)
      .where('soc2020', '=', soc2020)
      .where('sex', '=', sex)
      .orderBy('band')
      .execute(),
  ]);
  return {
    bands: bands.map((b) => ({
      position: Number(b.position),
      label: b.label,
      from: Number(b.age_from),
      to: b.age_to === null ? null : Number(b.age_to),
    })),
    cells: cells.map((c): CensusAgeCell => ({
      soc2020,
      sex,
      band: Number(c.band) === TOTAL_BAND ? null : Number(c.band),
      people: c.people === null ? null : Number(c.people),
      marker: c.marker as CensusAgeCell['marker'],
    })),
  };
}

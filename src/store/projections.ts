import type {
  ProjectionClassification,
  ProjectionFigures,
  ProjectionGroupRow,
  ProjectionQualificationRow,
  ProjectionRelease,
  QualificationLevel,
} from '../domain/projections.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';

/** A workbook's own statements, without its figures. */
export type ProjectionWorkbook = Omit<ProjectionRelease, 'groups' | 'qualifications'>;

const figureColumns = (f: ProjectionFigures) => ({
  employment_base: f.employmentBase,
  employment_target: f.employmentTarget,
  net_change: f.netChange,
  replacement_demand: f.replacementDemand,
  total_requirement: f.totalRequirement,
});

type FigureColumns = ReturnType<typeof figureColumns>;

const figuresOf = (r: FigureColumns): ProjectionFigures => ({
  employmentBase: Number(r.employment_base),
  employmentTarget: Number(r.employment_target),
  netChange: Number(r.net_change),
  replacementDemand: Number(r.replacement_demand),
  totalRequirement: Number(r.total_requirement),
});

export async function insertProjectionRelease(
  db: DbOrTx,
  editionId: string,
  release: ProjectionRelease,
): Promise<number> {
  await db
    .insertInto('projection_workbooks')
    .values({
      edition_id: editionId,
      area_name: release.areaName,
      classification: release.classification,
      base_year: release.baseYear,
      target_year: release.targetYear,
      database_created: release.databaseCreated,
      copyright: release.copyright,
      reporting: release.reporting,
      publish_threshold: release.publishThreshold,
    })
    .execute();
  const groups = await insertInBatches(
    db,
    'projection_groups',
    release.groups.map((g) => ({ edition_id: editionId, code: g.code, title: g.title, ...figureColumns(g) })),
  );
  const series = await insertInBatches(
    db,
    'projection_series',
    release.groups.flatMap((g) =>
      g.series.map((p) => ({ edition_id: editionId, code: g.code, year: p.year, employment: p.employment })),
    ),
  );
  const qualifications = await insertInBatches(
    db,
    'projection_qualifications',
    release.qualifications.map((q) => ({
      edition_id: editionId,
      code: q.code,
      qualification: q.qualification,
      label: q.label,
      ...figureColumns(q),
    })),
  );
  return 1 + groups + series + qualifications;
}

export async function projectionWorkbook(db: DbOrTx, editionId: string): Promise<ProjectionWorkbook | null> {
  const row = await db
    .selectFrom('projection_workbooks')
    .selectAll()
    .where('edition_id', '=', editionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    areaName: row.area_name,
    classification: row.classification as ProjectionClassification,
    baseYear: Number(row.base_year),
    targetYear: Number(row.target_year),
    databaseCreated: row.database_created,
    copyright: row.copyright,
    reporting: row.reporting,
    publishThreshold: Number(row.publish_threshold),
  };
}

/** A group (two-digit code, or `all`) with its series oldest first and its qualification levels; null when the workbook has no such group. */
export async function projectionGroup(
  db: DbOrTx,
  editionId: string,
  code: string,
): Promise<{ group: ProjectionGroupRow; qualifications: ProjectionQualificationRow[] } | null> {
  const group = await db
    .selectFrom('projection_groups')
    .selectAll()
    .where('edition_id', '=', editionId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!group) return null;
  const [series, qualifications] = await Promise.all([
    db
      .selectFrom('projection_series')
      .select(['year', 'employment'])
      .where('edition_id', '=', editionId)
      .where('code', '=', code)
      .orderBy('year')
      .execute(),
    db
      .selectFrom('projection_qualifications')
      .selectAll()
      .where('edition_id', '=', editionId)
      .where('code', '=', code)
      .execute(),
  ]);
  return {
    group: {
      code: group.code,
      title: group.title,
      ...figuresOf(group),
      series: series.map((p) => ({ year: Number(p.year), employment: Number(p.employment) })),
    },
    qualifications: qualifications.map((q) => ({
      code: q.code,
      qualification: q.qualification as QualificationLevel,
      label: q.label,
      ...figuresOf(q),
    })),
  };
}

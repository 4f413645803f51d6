import type {
  ApprenticeshipStandard,
  ApprenticeshipStandardsRelease,
  StandardDetail,
} from '../domain/apprenticeships.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';
import type { ApprenticeshipStandardsTable } from './tables/apprenticeships.js';

export async function insertApprenticeshipStandards(
  db: DbOrTx,
  editionId: string,
  release: ApprenticeshipStandardsRelease,
): Promise<number> {
  return insertStandards(db, editionId, release.standards);
}

/** Stages the standards of a release (Skills England's list, or those the NCS content export knew). */
export function insertStandards(db: DbOrTx, editionId: string, standards: ApprenticeshipStandard[]): Promise<number> {
  return insertInBatches(
    db,
    'apprenticeship_standards',
    standards.map((s) => ({
      edition_id: editionId,
      code: s.code,
      name: s.name,
      level: s.level,
      status: s.status,
      route: s.route,
      typical_job_titles: JSON.stringify(s.typicalJobTitles),
      url: s.url,
      duration_months: s.durationMonths,
      version: s.version,
      lars_code: s.larsCode,
      max_funding: s.maxFunding,
      approved_for_delivery: s.approvedForDelivery,
      career_starter: s.careerStarter === null ? null : Number(s.careerStarter),
      detail: s.detail === null ? null : JSON.stringify(s.detail),
    })),
  );
}

/** Every standard of a release, by reference. */
export async function standardsOf(db: DbOrTx, editionId: string): Promise<ApprenticeshipStandard[]> {
  const rows = await db
    .selectFrom('apprenticeship_standards')
    .selectAll()
    .where('edition_id', '=', editionId)
    .orderBy('code')
    .execute();
  return rows.map(standardFromRow);
}

function standardFromRow(r: ApprenticeshipStandardsTable): ApprenticeshipStandard {
  const number = (value: number | null) => (value === null ? null : Number(value));
  return {
    code: r.code,
    name: r.name,
    level: number(r.level),
    status: r.status,
    route: r.route,
    typicalJobTitles: JSON.parse(r.typical_job_titles) as string[],
    url: r.url,
    durationMonths: number(r.duration_months),
    version: r.version,
    larsCode: number(r.lars_code),
    maxFunding: number(r.max_funding),
    approvedForDelivery: r.approved_for_delivery,
    careerStarter: r.career_starter === null ? null : Number(r.career_starter) === 1,
    detail: r.detail === null ? null : (JSON.parse(r.detail) as StandardDetail),
  };
}

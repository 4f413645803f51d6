import type { Selectable } from 'kysely';
import {
  CODE_DIGITS,
  VACANCY_GROUP_LEVELS,
  type EssRelease,
  type EssRowKind,
  type EssVacancyRow,
  type VacancyGroupLevel,
} from '../domain/vacancies.js';
import { insertInBatches } from './batch.js';
import type { DbOrTx } from './schema.js';
import type { EssVacanciesTable } from './tables/vacancies.js';

/** The keys the rows that are not SOC 2010 groups are stored under. */
const KEY_OF: Record<Exclude<EssRowKind, VacancyGroupLevel>, string> = {
  'not codeable': 'not-codeable',
  total: 'total',
};

/** A group's rows are keyed by its SOC 2010 code, whose length says its level. */
function rowKey(row: EssVacancyRow): string {
  return row.soc2010 ?? KEY_OF[row.kind as keyof typeof KEY_OF];
}

export async function insertEssVacancies(db: DbOrTx, editionId: string, release: EssRelease): Promise<number> {
  return insertInBatches(
    db,
    'ess_vacancies',
    release.rows.map((r) => ({
      edition_id: editionId,
      year: r.year,
      row_key: rowKey(r),
      title: r.title,
      employers_reporting: r.employersReporting,
      vacancies: r.vacancies,
      hard_to_fill: r.hardToFill,
      skill_shortage: r.skillShortage,
      hard_to_fill_percent: r.hardToFillPercent,
      skill_shortage_percent: r.skillShortagePercent,
    })),
  );
}

/** The rows of the given SOC 2010 groups (any level) and the Total rows, every survey year, oldest first. */
export async function essRowsFor(db: DbOrTx, editionId: string, soc2010: readonly string[]): Promise<EssVacancyRow[]> {
  const rows = await db
    .selectFrom('ess_vacancies')
    .selectAll()
    .where('edition_id', '=', editionId)
    .where('row_key', 'in', [...soc2010, KEY_OF.total])
    .orderBy('year')
    .orderBy('row_key')
    .execute();
  return rows.map(essRow);
}

/** The unit group rows under a SOC 2010 group (its code a prefix of theirs), every survey year, oldest first. */
export async function essUnitRowsUnder(db: DbOrTx, editionId: string, group: string): Promise<EssVacancyRow[]> {
  const rows = await db
    .selectFrom('ess_vacancies')
    .selectAll()
    .where('edition_id', '=', editionId)
    .where('row_key', 'like', `${group}%`)
    .orderBy('year')
    .orderBy('row_key')
    .execute();
  return rows.filter((r) => r.row_key.length === CODE_DIGITS['unit group']).map(essRow);
}

function essRow(r: Selectable<EssVacanciesTable>): EssVacancyRow {
  const number = (value: number | null) => (value === null ? null : Number(value));
  const total = r.row_key === KEY_OF.total;
  return {
    year: Number(r.year),
    kind: total ? 'total' : VACANCY_GROUP_LEVELS[4 - r.row_key.length]!,
    soc2010: total ? null : r.row_key,
    title: r.title,
    employersReporting: number(r.employers_reporting),
    vacancies: number(r.vacancies),
    hardToFill: number(r.hard_to_fill),
    skillShortage: number(r.skill_shortage),
    hardToFillPercent: number(r.hard_to_fill_percent),
    skillShortagePercent: number(r.skill_shortage_percent),
  };
}

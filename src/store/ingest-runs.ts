import { randomUUID } from 'node:crypto';
import { nowIso } from './clock.js';
import type { Db } from './schema.js';

/**
 * `found`: the publisher offers a release this service has no parser for (detect-only); `refused`:
 * the publisher refused this client (401/403); `failed`: it could not be reached or read.
 */
export type RunOutcome = 'published' | 'unchanged' | 'unavailable' | 'quarantined' | 'failed' | 'refused' | 'found';

/** Outcomes after which the source is in good order (what `lastSuccess` reports). */
const SUCCESSFUL_OUTCOMES: RunOutcome[] = ['published', 'unchanged', 'found'];

export async function startIngestRun(db: Db, sourceKey: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('ingest_runs')
    .values({ id, source_key: sourceKey, started_at: nowIso(), finished_at: null, outcome: null, message: null })
    .execute();
  return id;
}

export async function finishIngestRun(db: Db, id: string, outcome: RunOutcome, message: string | null): Promise<void> {
  await db.updateTable('ingest_runs').set({ finished_at: nowIso(), outcome, message }).where('id', '=', id).execute();
}

interface SourceRunStatus {
  sourceKey: string;
  lastRun: string;
  lastSuccess: string | null;
}

export async function latestRunsBySource(db: Db): Promise<SourceRunStatus[]> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select((eb) => [
      'source_key',
      eb.fn.max('started_at').as('last_run'),
      eb.fn
        .max(eb.case().when('outcome', 'in', SUCCESSFUL_OUTCOMES).then(eb.ref('finished_at')).else(null).end())
        .as('last_success'),
    ])
    .groupBy('source_key')
    .orderBy('source_key')
    .execute();
  return rows.map((r) => ({ sourceKey: r.source_key, lastRun: r.last_run, lastSuccess: r.last_success ?? null }));
}

export interface RunCount {
  sourceKey: string;
  outcome: RunOutcome;
  runs: number;
}

/** Finished runs by source and outcome: what the metrics report (every process's runs, from the one table). */
export async function countFinishedRuns(db: Db): Promise<RunCount[]> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select((eb) => ['source_key', 'outcome', eb.fn.countAll<number | string>().as('runs')])
    .where('outcome', 'is not', null)
    .groupBy(['source_key', 'outcome'])
    .orderBy('source_key')
    .orderBy('outcome')
    .execute();
  return rows.map((r) => ({ sourceKey: r.source_key, outcome: r.outcome as RunOutcome, runs: Number(r.runs) }));
}

import { sql } from 'kysely';
import { Problem } from '../domain/problems.js';
import type { Dialect, Store } from '../store/database.js';
import type { Occupations } from './occupations.js';

/** Whether this process can serve: the database answers, its first ingest is done, and occupations can be served. */
export class Readiness {
  /** False until the first ingest of this process has finished (when serve ingests on start). */
  ingestDone = true;

  constructor(
    private readonly store: Store,
    private readonly occupations: Occupations,
  ) {}

  /** Throws the 503 `not-ready` problem saying what is missing. */
  async check(): Promise<{ status: 'ready'; database: Dialect }> {
    await sql`select 1`.execute(this.store.db).catch(() => {
      throw new Problem('not-ready', 'The database does not answer.', { retryAfter: 5 });
    });
    if (!this.ingestDone) throw new Problem('not-ready', 'The first ingest is still running.', { retryAfter: 10 });
    await this.occupations.structure();
    return { status: 'ready', database: this.store.dialect };
  }
}

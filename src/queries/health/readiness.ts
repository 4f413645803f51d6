import { Problem } from '../../domain/problems.js';
import { databaseAnswers, type Dialect, type Store } from '../../store/database.js';
import type { EditionsMemos } from '../editions-memo.js';
import type { Occupations } from '../occupations/index.js';

const WARMING = 'The job-title search, skill profiles and placements are still being built.';

/**
 * Whether this process can serve: the database is not known damaged and answers, its start-up work is done (the first
 * ingest, when serve ingests on start, and the warm list of the per-edition memos, so that a
 * replica takes traffic only once its first requests are fast), and occupations can be served.
 */
export class Readiness {
  /** What the process is still doing before it serves, said in the 503; null once it is done. */
  pending: string | null = null;

  constructor(
    private readonly store: Store,
    private readonly occupations: Occupations,
    private readonly memos: EditionsMemos,
  ) {}

  /** Builds the memos' warm list (the search, skill profiles, placements...); the 503 says so until it is done. */
  async warm(done: Parameters<EditionsMemos['warm']>[0]): Promise<void> {
    this.pending = WARMING;
    try {
      await this.memos.warm(done);
    } finally {
      this.pending = null;
    }
  }

  /** Throws the 503 `not-ready` problem saying what is missing. */
  async check(): Promise<{ status: 'ready'; database: Dialect }> {
    const { corruption } = this.store.health;
    if (corruption)
      throw new Problem(
        'not-ready',
        `The database file is damaged (${corruption}); restore it from a backup or delete it to ingest again (docs/deployment.md).`,
        { retryAfter: 60 },
      );
    if (!(await databaseAnswers(this.store.db)))
      throw new Problem('not-ready', 'The database does not answer.', { retryAfter: 5 });
    if (this.pending) throw new Problem('not-ready', this.pending, { retryAfter: 10 });
    await this.occupations.structure();
    return { status: 'ready', database: this.store.dialect };
  }
}

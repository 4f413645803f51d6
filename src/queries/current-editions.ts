import { SERVABLE_STATUSES, type Edition } from '../domain/editions.js';
import { invalidParameter, sourceUnavailable } from '../domain/problems.js';
import {
  isSourceKey,
  type FoundReleaseRecord,
  type SourceCatalog,
  type SourceKey,
  type SourceProfile,
} from '../domain/sources.js';
import { findEdition, listEditions } from '../store/editions.js';
import type { Db } from '../store/schema.js';
import { newestFoundBySource } from '../store/upstream-state.js';
import { EditionsMemos } from './editions-memo.js';
import { provenanceOf, type Provenance } from './provenance.js';

/** An edition a query answers from, with the source it is a release of. */
export interface Served {
  edition: Edition;
  source: SourceProfile;
  provenance: Provenance;
}

/**
 * The published editions the API serves, read from the editions table and kept for a few
 * seconds. Any change to the editions by another process or replica (a scheduled `lmi ingest`
 * publishing, superseding or quarantining a release) is seen within `maxAgeMs`, and `onChange`
 * listeners (the response cache, the search index) hear of it then; an ingest in this process calls
 * `invalidate()` and is seen at once.
 *
 * `serving`, `servingAll` and `pinned` are the one way a query answers from a source: the
 * current (or pinned) edition, or the problem naming the source when there is none.
 */
export class CurrentEditions {
  private editions: Edition[] | null = null;
  /** Each source's newest release found at its publisher and not read (detect-only): what its 404 names. */
  private found = new Map<string, FoundReleaseRecord>();
  /** Every settled edition's id and status: a change to any (not only to the published ones) is a change. */
  private version: string | null = null;
  private loadedAt = 0;
  private loading: Promise<Edition[]> | null = null;
  private readonly listeners: Array<(editions: readonly Edition[]) => void> = [];
  /** What the read side derives from these editions, kept per edition and warmed from one list (editions-memo.ts). */
  readonly memos = new EditionsMemos(this);

  constructor(
    private readonly db: Db,
    readonly catalog: SourceCatalog,
    private readonly maxAgeMs = 5_000,
  ) {}

  /** The published edition of each series of the source, newest series first. */
  async ofSource(sourceKey: SourceKey): Promise<Edition[]> {
    return (await this.all()).filter((e) => e.sourceKey === sourceKey);
  }

  /** The newest published edition of the source (the latest series), or null when none. */
  async latest(sourceKey: SourceKey): Promise<Edition | null> {
    return (await this.ofSource(sourceKey))[0] ?? null;
  }

  /** The newest published edition of the source; a 404 naming the source (for `what`) when none. */
  async serving(sourceKey: SourceKey, what: string): Promise<Served> {
    const edition = await this.latest(sourceKey);
    if (!edition) throw this.unavailable(sourceKey, what);
    return this.served(edition);
  }

  /** Every published series of the source, newest first; a 404 naming the source when none. */
  async servingAll(sourceKey: SourceKey, what: string): Promise<Served[]> {
    const editions = await this.ofSource(sourceKey);
    if (editions.length === 0) throw this.unavailable(sourceKey, what);
    return editions.map((e) => this.served(e));
  }

  /** The releases of the source a request can pin, published or superseded (a quarantined release has no rows), newest first. */
  async pinnable(sourceKey: SourceKey): Promise<Edition[]> {
    return (await listEditions(this.db, sourceKey)).filter((e) => SERVABLE_STATUSES.includes(e.status));
  }

  /** An exact release by id, one of `pinnable`; a 400 otherwise. */
  async pinned(sourceKey: SourceKey, id: string): Promise<Served> {
    const edition = await findEdition(this.db, id);
    if (edition && edition.sourceKey === sourceKey && SERVABLE_STATUSES.includes(edition.status))
      return this.served(edition);
    const servable = await this.pinnable(sourceKey);
    const reason = !edition
      ? `there is no edition ${id}`
      : edition.sourceKey !== sourceKey
        ? `edition ${id} is a release of \`${edition.sourceKey}\`, not of \`${sourceKey}\``
        : `edition ${id} was ${edition.status} and has no figures`;
    throw invalidParameter(
      'edition',
      `${reason}; /v1/meta/editions?source=${sourceKey} lists the releases`,
      servable.length > 0 ? servable.map((e) => e.id) : undefined,
    );
  }

  /** The 404 for figures (`what`) of a registered source with no release. */
  unavailable(sourceKey: SourceKey, what: string): Error {
    return sourceUnavailable(this.catalog.profile(sourceKey), what, this.found.get(sourceKey));
  }

  /** The newest release of a source found at its publisher and not read (detect-only), or null. */
  async foundRelease(sourceKey: SourceKey): Promise<FoundReleaseRecord | null> {
    await this.all();
    return this.found.get(sourceKey) ?? null;
  }

  served(edition: Edition): Served {
    if (!isSourceKey(edition.sourceKey))
      throw new Error(`edition ${edition.id} is of an unregistered source "${edition.sourceKey}"`);
    const source = this.catalog.profile(edition.sourceKey);
    return { edition, source, provenance: provenanceOf(source, edition) };
  }

  async all(): Promise<Edition[]> {
    if (!this.stale) return this.editions!;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Whether the next `all()` reads the database (callers on the hot path skip the await otherwise). */
  get stale(): boolean {
    return !this.editions || Date.now() - this.loadedAt >= this.maxAgeMs;
  }

  invalidate(): void {
    this.loadedAt = 0;
  }

  /** Called when the set of current editions changes (caches and the search index rebuild then). */
  onChange(listener: (editions: readonly Edition[]) => void): void {
    this.listeners.push(listener);
  }

  private async load(): Promise<Edition[]> {
    const all = await listEditions(this.db);
    this.found = await newestFoundBySource(this.db);
    const fresh = all
      .filter((e) => e.status === 'published')
      .sort(
        (a, b) =>
          (b.seriesKey ?? '').localeCompare(a.seriesKey ?? '') ||
          (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
      );
    const version = signature(all);
    const changed = this.version !== null && version !== this.version;
    this.editions = fresh;
    this.version = version;
    this.loadedAt = Date.now();
    if (changed) for (const listener of this.listeners) listener(fresh);
    return fresh;
  }
}

function signature(editions: Edition[]): string {
  return editions
    .map((e) => `${e.id}:${e.status}:${e.label}`)
    .sort()
    .join(',');
}

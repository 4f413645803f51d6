import { listCurrentEditions, type Edition } from '../store/editions.js';
import type { Db } from '../store/schema.js';

/**
 * The published editions the API serves, read from the editions table and kept for a few
 * seconds. Another process publishing an edition (a scheduled `lmi ingest`) is seen within
 * `maxAgeMs`; an ingest in this process calls `invalidate()` and is seen at once.
 */
export class CurrentEditions {
  private editions: Edition[] | null = null;
  private loadedAt = 0;
  private loading: Promise<Edition[]> | null = null;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 5_000,
  ) {}

  /** The published edition of each series of the source, newest series first. */
  async ofSource(sourceKey: string): Promise<Edition[]> {
    return (await this.all()).filter((e) => e.sourceKey === sourceKey);
  }

  /** The newest published edition of the source (the latest series), or null when none. */
  async latest(sourceKey: string): Promise<Edition | null> {
    return (await this.ofSource(sourceKey))[0] ?? null;
  }

  async all(): Promise<Edition[]> {
    if (this.editions && Date.now() - this.loadedAt < this.maxAgeMs) return this.editions;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  invalidate(): void {
    this.loadedAt = 0;
  }

  /** Called when the set of current editions changes (caches and the search index rebuild then). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private async load(): Promise<Edition[]> {
    const fresh = (await listCurrentEditions(this.db)).sort(
      (a, b) => (b.seriesKey ?? '').localeCompare(a.seriesKey ?? '') || (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
    );
    const changed = this.editions !== null && signature(fresh) !== signature(this.editions);
    this.editions = fresh;
    this.loadedAt = Date.now();
    if (changed) for (const listener of this.listeners) listener();
    return fresh;
  }
}

function signature(editions: Edition[]): string {
  return editions.map((e) => e.id).join(',');
}

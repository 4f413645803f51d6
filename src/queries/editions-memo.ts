import type { Edition } from '../domain/editions.js';
import type { SourceKey } from '../domain/sources.js';

/** The current edition of each source a memo names; null where none is published. */
type EditionsOf<K extends SourceKey> = { readonly [S in K]: Edition | null };

/** What the memos need of the current editions (CurrentEditions): the published ones, newest series first, and news of a change. */
interface EditionsSource {
  all(): Promise<Edition[]>;
  onChange(listener: (editions: readonly Edition[]) => void): void;
}

/** A memo of any kind, as another memo reads it or the warm list holds it. */
interface AnyMemo {
  readonly name: string;
  readonly keySources: readonly string[];
}

interface MemoDeclaration<K extends SourceKey, T, P extends string> {
  /** What the value is, in the warm-up's log. */
  name: string;
  /** The sources the value is derived from: its key is their current editions. */
  sources: readonly K[];
  /** Memos the build reads: their sources are part of this memo's key too. */
  reads?: readonly AnyMemo[];
  /** Built before the first request needs it (`warm`), and again at once when its editions change. */
  warm?: boolean;
  /**
   * Once built, a change of editions rebuilds in the background while `serve()` keeps answering from
   * the previous value (a request never waits for a rebuild); `get()` still waits for the current one.
   */
  stale?: boolean;
  /** The value, from the current edition of each named source (and `part`, for a memo of many values). */
  build(editions: EditionsOf<K>, part: P): Promise<T>;
}

/** A value `serve()` answers with: `stale` when it is of earlier editions, a rebuild under way. */
export interface Served<T> {
  value: T;
  stale: boolean;
}

/** `get()` of a memo of one value; `get(part)` of one keyed by a part too (a unit group, say). */
type PartArgs<P extends string> = [P] extends [never] ? [] : [part: P];

/**
 * Values derived from the current editions of the sources they name (the job-title search, the
 * skill profiles, the placements of NCS profiles...), each kept under the ids of those editions.
 * The one way the read side keeps such a value:
 *
 * - the memo resolves the editions itself, so a caller cannot key a value wrongly;
 * - a build under way is shared (two first requests build once), and a failed one is forgotten
 *   (the next request tries again);
 * - when the current editions change, a value whose editions changed is dropped, and one on the
 *   warm list that was in use is built again at once for the new editions;
 * - `warm()` builds the warm list, in the order declared (what `lmi serve` does before /readyz
 *   says ready).
 */
export class EditionsMemos {
  private readonly memos: Array<EditionsMemo<unknown, string>> = [];
  private readonly latest = new WeakMap<readonly Edition[], Map<string, Edition>>();

  constructor(private readonly current: EditionsSource) {
    current.onChange((editions) => {
      for (const memo of this.memos) memo.dropStale(editions);
    });
  }

  /** A new memo, registered for dropping on change and, when `warm`, on the warm list. */
  memo<K extends SourceKey, T, P extends string = never>(declaration: MemoDeclaration<K, T, P>): EditionsMemo<T, P> {
    const memo = new EditionsMemo<T, P>(this, declaration);
    this.memos.push(memo);
    return memo;
  }

  /** Builds every memo of the warm list in turn, telling `done` how each went (a failure leaves nothing behind). */
  async warm(done: (name: string, ms: number, error?: unknown) => void = () => undefined): Promise<void> {
    for (const memo of this.memos.filter((m) => m.warms)) {
      const started = performance.now();
      await memo.warmNow().then(
        () => done(memo.name, performance.now() - started),
        (error: unknown) => done(memo.name, performance.now() - started, error),
      );
    }
  }

  /** The names of the warm list, in the order `warm` builds them. */
  get warmList(): string[] {
    return this.memos.filter((m) => m.warms).map((m) => m.name);
  }

  /** The current editions. */
  editions(): Promise<Edition[]> {
    return this.current.all();
  }

  /** The newest published edition of each source in `editions`, worked out once per list. */
  latestOf(editions: readonly Edition[]): Map<string, Edition> {
    let latest = this.latest.get(editions);
    if (!latest) {
      latest = new Map();
      for (const e of editions) if (!latest.has(e.sourceKey)) latest.set(e.sourceKey, e);
      this.latest.set(editions, latest);
    }
    return latest;
  }
}

/** One memo of `EditionsMemos`: its values by the editions of its sources (and a part). */
export class EditionsMemo<T, P extends string = never> implements AnyMemo {
  readonly name: string;
  readonly keySources: readonly string[];
  readonly warms: boolean;
  private readonly values = new Map<string, Promise<T>>();
  /** The newest value built (of a memo declared `stale`), kept across a change of editions until the next is built. */
  private lastBuilt: { key: string; value: T } | null = null;
  /** The key of the last list of editions seen (CurrentEditions hands out one list until they change). */
  private keyed: { editions: readonly Edition[] | null; key: string } = { editions: null, key: '' };

  constructor(
    private readonly registry: EditionsMemos,
    private readonly declaration: MemoDeclaration<SourceKey, T, P>,
  ) {
    this.name = declaration.name;
    this.warms = declaration.warm === true;
    this.keySources = [...new Set([...declaration.sources, ...(declaration.reads ?? []).flatMap((m) => m.keySources)])];
  }

  /** The value for the current editions: kept, under way, or built now. */
  async get(...args: PartArgs<P>): Promise<T> {
    return this.of(await this.registry.editions(), (args[0] ?? '') as P);
  }

  /**
   * The value for the current editions if built; else, once any value has been built, the last one
   * (`stale`), with a rebuild started; before the first build, the build's promise. A failed rebuild is
   * forgotten and the stale value keeps serving (the next request starts another).
   */
  async serve(): Promise<Served<T>> {
    const editions = await this.registry.editions();
    const key = this.keyOf(editions) + PART;
    const last = this.lastBuilt;
    if (!this.declaration.stale || last === null) return { value: await this.of(editions, '' as P), stale: false };
    if (last.key === key) return { value: last.value, stale: false };
    this.of(editions, '' as P).catch(() => undefined);
    return { value: last.value, stale: true };
  }

  /** The value of a memo of one value (the warm list holds only those). */
  warmNow(): Promise<T> {
    return this.get(...([] as unknown as PartArgs<P>));
  }

  /** Drops the values of other editions than these; rebuilds at once a warm one that was in use. */
  dropStale(editions: readonly Edition[]): void {
    const key = this.keyOf(editions);
    let wasInUse = false;
    for (const kept of [...this.values.keys()])
      if (editionsPart(kept) !== key) {
        this.values.delete(kept);
        wasInUse ||= kept.endsWith(PART);
      }
    // A rebuild that fails leaves nothing behind: the request that needs the value builds it.
    if (this.warms && wasInUse) this.of(editions, '' as P).catch(() => undefined);
  }

  private of(editions: readonly Edition[], part: P): Promise<T> {
    const key = this.keyOf(editions) + PART + part;
    let value = this.values.get(key);
    if (!value) {
      const latest = this.registry.latestOf(editions);
      const current = Object.fromEntries(this.declaration.sources.map((s) => [s, latest.get(s) ?? null]));
      value = this.declaration.build(current as EditionsOf<SourceKey>, part);
      this.values.set(key, value);
      const built = value;
      built.then(
        (done) => {
          // A build of editions since superseded does not displace a newer value.
          if (this.declaration.stale && (this.lastBuilt === null || key === this.keyed.key + PART))
            this.lastBuilt = { key, value: done };
        },
        () => {
          if (this.values.get(key) === built) this.values.delete(key);
        },
      );
    }
    return value;
  }

  private keyOf(editions: readonly Edition[]): string {
    if (editions !== this.keyed.editions) {
      const latest = this.registry.latestOf(editions);
      this.keyed = { editions, key: this.keySources.map((s) => latest.get(s)?.id ?? '-').join(',') };
    }
    return this.keyed.key;
  }
}

/** Between a value's editions and its part in its key. */
const PART = '\u0000';

function editionsPart(key: string): string {
  return key.slice(0, key.indexOf(PART));
}

/**
 * A Map used as a least-recently-used cache of bounded size: `get` makes an entry the newest, and
 * past `max` entries the oldest goes. Asked again for the newest entry (a popular resource, a busy
 * key), it moves nothing: a move is a delete and an insert, and now and then a new table.
 * `onDrop` hears of every entry that leaves, by delete, replacement or eviction (not by `clear`).
 */
export class Lru<V> {
  private readonly entries = new Map<string, V>();
  private newest: string | null = null;

  constructor(
    private readonly max: number,
    private readonly onDrop?: (value: V) => void,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, value);
      this.newest = key;
    }
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    if (this.entries.size > this.max) this.delete(this.oldest()!);
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    if (key === this.newest) this.newest = null;
    this.onDrop?.(value);
  }

  /** The least recently used key; undefined when empty. */
  oldest(): string | undefined {
    return this.entries.keys().next().value;
  }

  clear(): void {
    this.entries.clear();
    this.newest = null;
  }

  get size(): number {
    return this.entries.size;
  }
}

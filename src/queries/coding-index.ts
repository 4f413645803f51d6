import type { Edition } from '../domain/editions.js';
import type { CodingIndexRecord } from '../domain/soc.js';
import { entryRank } from '../search/searchable-entries.js';
import { TitleIndex } from '../search/title-index.js';
import { loadCodingIndex } from '../store/coding-index.js';
import type { Db } from '../store/schema.js';
import type { CurrentEditions } from './current-editions.js';

/** The source key of the ONS SOC 2020 coding index. */
export const CODING_INDEX = 'soc2020-index';

/** The current coding index in memory: its records by unit group, and the job-title search over it. */
export interface CodingIndexView {
  edition: Edition;
  /** Coded records of each unit group, default entries first (the order `examples` uses). */
  byUnitGroup: Map<string, CodingIndexRecord[]>;
  search: TitleIndex;
  buildMs: number;
}

/**
 * Loads the current coding index edition and builds the search over it; rebuilt, without a
 * restart, when a new edition is published. Until the new one is built the previous one serves.
 */
export class CodingIndexCache {
  private view: CodingIndexView | null = null;
  private building: Promise<CodingIndexView | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly current: CurrentEditions,
  ) {}

  async get(): Promise<CodingIndexView | null> {
    const edition = await this.current.latest(CODING_INDEX);
    if (!edition) return null;
    if (this.view?.edition.id === edition.id) return this.view;
    this.building ??= this.build(edition).finally(() => {
      this.building = null;
    });
    const built = await this.building;
    return built?.edition.id === edition.id ? built : this.get();
  }

  private async build(edition: Edition): Promise<CodingIndexView> {
    const started = performance.now();
    const index = await loadCodingIndex(this.db, edition.id);
    const byUnitGroup = new Map<string, CodingIndexRecord[]>();
    for (const record of index.records) {
      if (record.soc2020 === null) continue;
      const list = byUnitGroup.get(record.soc2020);
      if (list) list.push(record);
      else byUnitGroup.set(record.soc2020, [record]);
    }
    for (const list of byUnitGroup.values()) list.sort((a, b) => entryRank(a) - entryRank(b));
    const view = { edition, byUnitGroup, search: TitleIndex.build(index), buildMs: performance.now() - started };
    this.view = view;
    return view;
  }
}

import { threadId } from 'node:worker_threads';
import type { Edition } from '../../domain/editions.js';
import type { CodingIndex, CodingIndexRecord } from '../../domain/soc.js';
import { aliasesThroughGroups, aliasesThroughIsco } from '../../search/aliases.js';
import { entryRank } from '../../search/searchable-entries.js';
import { TitleIndex, type TitleIndexData, type TitleIndexParts } from '../../search/title-index.js';
import { loadCodingIndex } from '../../store/coding-index.js';
import { publishedEmploymentByUnitGroup } from '../../store/employment.js';
import type { Db } from '../../store/schema.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo, Served } from '../editions-memo.js';
import { offThread } from '../off-thread.js';
import { NCS_TITLE_SHARE, searchEvidence, type SearchEvidence } from './search-evidence.js';

/** Under this confidence a fuzzy first answer is not credible and the search answers nothing (search/calibration.ts). */
export { ABSTAIN_BELOW as SEARCH_CREDIBLE_FROM } from '../../search/calibration.js';

/** The source key of the ONS SOC 2020 coding index. */
export const CODING_INDEX = 'soc2020-index';

/** ESCO's occupations: their preferred and alternative labels are searchable job titles (aliases.ts). */
const ESCO_OCCUPATIONS = 'esco-occupations';

/** APS employment by unit group: orders the unit groups of a title several share (search/title-prior.ts). */
const APS_BY_INDUSTRY = 'aps-occupation-industry';

/** NCS job profiles (2026 pages, 2020 export with SOC 2010 codes) and the SOC 2010 -> 2020 table: careers-site titles (search-evidence.ts). */
const NCS_SOURCES = ['ncs-job-profiles', 'ncs-content-export-2020', 'soc-crosswalk'] as const;

/** SOC 2020 Volume 1: what each unit group does, searched as text where no title answers (search/task-texts.ts). */
const SOC_DESCRIPTIONS = 'soc2020-descriptions';

/** The current coding index in memory: its records by unit group. */
export interface CodingIndexView {
  edition: Edition;
  /** Coded records of each unit group, default entries first (the order `examples` uses). */
  byUnitGroup: Map<string, CodingIndexRecord[]>;
  index: CodingIndex;
}

/** The job-title search over the current coding index, and the editions it was built from. */
interface TitleSearchView {
  codingIndex: CodingIndexView;
  /** The ESCO occupations edition whose labels the search holds as aliases; null when none is published. */
  aliasEdition: Edition | null;
  /** The APS edition whose employment weighs shared exact titles; null when none is published. */
  employmentEdition: Edition | null;
  /** The NCS pages, NCS export and SOC crosswalk editions whose profile titles the search holds as aliases (null where none). */
  ncsEditions: Array<Edition | null>;
  search: TitleIndex;
  /** What the search was built from (plain data: the work profile's twins build it again in a worker thread). */
  input: SearchInput;
  /** The thread the search was built in (`worker_threads.threadId`; the serving thread's is 0). */
  builtInThread: number;
  buildMs: number;
}

/** What the search is built from, read through the store (plain data: it crosses to a worker thread). */
export interface SearchInput {
  index: CodingIndex;
  evidence: SearchEvidence;
  /** People in employment by unit group (APS); empty when no edition is published. */
  employment: Map<string, number>;
}

/** A built search, and the thread it was built in. */
interface BuiltSearch {
  search: TitleIndex;
  threadId: number;
}

/**
 * How the search is built from what was read: `buildSearchOffThread`, unless the caller shares
 * builds (the tests, over many copies of one database, share one build of the same input).
 */
export type SearchBuilder = (input: SearchInput) => Promise<BuiltSearch>;

/**
 * The search's data built in a worker thread (seconds of CPU), revived on this one: only the
 * structured clone of its maps and arrays is read here.
 */
export async function buildSearchOffThread(input: SearchInput): Promise<BuiltSearch> {
  const built = await offThread<{ parts: TitleIndexParts; threadId: number }>(import.meta.url, 'searchParts', input);
  return { search: TitleIndex.fromParts(built.parts), threadId: built.threadId };
}

/**
 * The search's data, and the thread that built it: run in a worker thread by off-thread.ts, which
 * imports it by name.
 * @public
 */
export function searchParts(input: SearchInput): { parts: TitleIndexParts; threadId: number } {
  return { parts: TitleIndex.parts(input.index, searchData(input)), threadId };
}

/**
 * What the search is given besides the coding index: ESCO labels lead to unit groups through the
 * coding index's own ISCO-08 column; NCS profile titles through the profile's SOC 2010 code.
 */
export function searchData({ index, evidence, employment }: SearchInput): TitleIndexData {
  return {
    aliases: [
      ...aliasesThroughIsco(index, evidence.escoLabels),
      ...aliasesThroughGroups(index, evidence.ncsLabels, NCS_TITLE_SHARE),
    ],
    employment,
    names: evidence.names,
    texts: evidence.texts,
  };
}

/**
 * Loads the current coding index edition (`get`) and, apart, builds the job-title search over it
 * (`search`), with the labels of the current ESCO occupations edition as aliases and the current
 * APS employment by unit group as the prior of shared exact titles; each is rebuilt, without a
 * restart, when a new edition of what it is made of is published, and until then the previous one
 * serves. The search takes seconds of CPU to build (in a worker thread) and only the search and the
 * work profile's twins read it, so a route that needs a unit group's titles does not wait for it.
 */
export class CodingIndexCache {
  /** The current coding index, and the search over it (memos that read them name them among their reads). */
  readonly memo: EditionsMemo<CodingIndexView | null>;
  readonly searchMemo: EditionsMemo<TitleSearchView | null>;

  constructor(
    private readonly db: Db,
    current: CurrentEditions,
    private readonly buildSearch: SearchBuilder = buildSearchOffThread,
  ) {
    this.memo = current.memos.memo({
      name: 'coding index',
      sources: [CODING_INDEX],
      build: async (editions) => (editions[CODING_INDEX] ? this.load(editions[CODING_INDEX]) : null),
    });
    this.searchMemo = current.memos.memo({
      name: 'job-title search',
      sources: [ESCO_OCCUPATIONS, APS_BY_INDUSTRY, ...NCS_SOURCES, SOC_DESCRIPTIONS],
      reads: [this.memo],
      warm: true,
      // Rebuilt each time a source it reads publishes (several times in a first ingest): searches keep
      // being answered from the previous build meanwhile (issue 47).
      stale: true,
      build: async (editions) => {
        const index = await this.memo.get();
        return index
          ? this.build(
              index,
              editions[ESCO_OCCUPATIONS],
              editions[APS_BY_INDUSTRY],
              NCS_SOURCES.map((source) => editions[source]),
              editions[SOC_DESCRIPTIONS],
            )
          : null;
      },
    });
  }

  get(): Promise<CodingIndexView | null> {
    return this.memo.get();
  }

  search(): Promise<TitleSearchView | null> {
    return this.searchMemo.get();
  }

  /** The search as requests use it: the previous build, marked stale, while a rebuild is under way. */
  searchServed(): Promise<Served<TitleSearchView | null>> {
    return this.searchMemo.serve();
  }

  private async load(edition: Edition): Promise<CodingIndexView> {
    const index = await loadCodingIndex(this.db, edition.id);
    const byUnitGroup = new Map<string, CodingIndexRecord[]>();
    for (const record of index.records) {
      if (record.soc2020 === null) continue;
      const list = byUnitGroup.get(record.soc2020);
      if (list) list.push(record);
      else byUnitGroup.set(record.soc2020, [record]);
    }
    for (const list of byUnitGroup.values()) list.sort((a, b) => entryRank(a) - entryRank(b));
    return { edition, byUnitGroup, index };
  }

  private async build(
    codingIndex: CodingIndexView,
    aliasEdition: Edition | null,
    employmentEdition: Edition | null,
    ncsEditions: Array<Edition | null>,
    descriptions: Edition | null,
  ): Promise<TitleSearchView> {
    const started = performance.now();
    const [pages = null, exported = null, crosswalk = null] = ncsEditions;
    const [evidence, employment] = await Promise.all([
      searchEvidence(this.db, { esco: aliasEdition, pages, export: exported, crosswalk, descriptions }),
      employmentEdition ? publishedEmploymentByUnitGroup(this.db, employmentEdition.id) : new Map<string, number>(),
    ]);
    const input: SearchInput = { index: codingIndex.index, evidence, employment };
    const { search, threadId: builtInThread } = await this.buildSearch(input);
    return {
      codingIndex,
      aliasEdition,
      employmentEdition,
      ncsEditions,
      search,
      input,
      builtInThread,
      buildMs: performance.now() - started,
    };
  }
}

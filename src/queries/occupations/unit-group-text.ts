import type { Edition } from '../../domain/editions.js';
import type { CodingIndexRecord, SocDescription } from '../../domain/soc.js';
import { bag, Tfidf, type Bag, type TextVector } from '../../search/text-vectors.js';
import type { Db } from '../../store/schema.js';
import { allSocDescriptions } from '../../store/soc-descriptions.js';
import type { CodingIndexCache, CodingIndexView } from './coding-index.js';
import type { CurrentEditions } from '../current-editions.js';
import type { EditionsMemo } from '../editions-memo.js';

const SOC_DESCRIPTIONS = 'soc2020-descriptions' as const;

/** Weights of a unit group's texts: its title counts 3 times, its coding-index titles half (they are many). */
const WEIGHTS = { title: 3, description: 1, tasks: 1, relatedTitles: 1, indexTitles: 0.5 };

/** What each unit group is about, from Volume 1 and the coding index: the side every text join compares against. */
export interface UnitGroupTextView {
  /** The Volume 1 edition; null when none is published (the bags then hold the coding-index titles only). */
  descriptions: Edition | null;
  codingIndex: CodingIndexView;
  /** Unit group -> its weighted words. */
  bags: Map<string, Bag>;
  /** Unit group -> its Volume 1 title and typical entry routes (what moves read for entry barriers). */
  entry: Map<string, { title: string; entryRoutes: string | null }>;
}

/**
 * A unit group's words: Volume 1 title ×3, description, tasks and related titles, plus its distinct
 * coding-index natural titles ×0.5.
 */
function unitGroupBag(description: SocDescription | undefined, records: readonly CodingIndexRecord[]): Bag {
  const titles = [...new Set(records.map((r) => r.naturalTitle))].join(' ');
  return bag([
    [description?.title, WEIGHTS.title],
    [description?.description, WEIGHTS.description],
    [description?.tasks.join(' '), WEIGHTS.tasks],
    [description?.relatedTitles.join(' '), WEIGHTS.relatedTitles],
    [titles, WEIGHTS.indexTitles],
  ]);
}

interface JointVectors {
  tfidf: Tfidf;
  unitGroups: Map<string, TextVector>;
  others: Map<string, TextVector>;
}

/**
 * Vectors of the unit groups and of the records compared with them (profiles, ESCO or O*NET
 * occupations), with document frequencies over both collections: a word every profile uses
 * weighs little even when few unit groups do.
 */
export function vectorsTogether(unitGroups: ReadonlyMap<string, Bag>, others: ReadonlyMap<string, Bag>): JointVectors {
  const tfidf = new Tfidf();
  for (const words of unitGroups.values()) tfidf.add(words.keys());
  for (const words of others.values()) tfidf.add(words.keys());
  const vectors = (bags: ReadonlyMap<string, Bag>) => new Map([...bags].map(([k, b]) => [k, tfidf.vector(b)]));
  return { tfidf, unitGroups: vectors(unitGroups), others: vectors(others) };
}

/** The unit groups' words, built once per (Volume 1 edition, coding-index edition). */
export class UnitGroupTexts {
  /** The texts of the current editions (a memo that reads them names it among its reads). */
  readonly memo: EditionsMemo<UnitGroupTextView | null>;

  constructor(
    private readonly db: Db,
    current: CurrentEditions,
    private readonly codingIndex: CodingIndexCache,
  ) {
    this.memo = current.memos.memo({
      name: 'unit-group texts',
      sources: [SOC_DESCRIPTIONS],
      reads: [codingIndex.memo],
      build: async (editions) => {
        const index = await this.codingIndex.get();
        return index ? this.build(editions[SOC_DESCRIPTIONS], index) : null;
      },
    });
  }

  /** Null when no coding index is published. */
  get(): Promise<UnitGroupTextView | null> {
    return this.memo.get();
  }

  private async build(descriptions: Edition | null, index: CodingIndexView): Promise<UnitGroupTextView> {
    const rows = descriptions ? await allSocDescriptions(this.db, descriptions.id) : [];
    const byCode = new Map(rows.map((d) => [d.code, d]));
    const codes = new Set([...byCode.keys(), ...index.byUnitGroup.keys()].filter((c) => /^\d{4}$/.test(c)));
    const bags = new Map<string, Bag>();
    for (const code of [...codes].sort())
      bags.set(code, unitGroupBag(byCode.get(code), index.byUnitGroup.get(code) ?? []));
    const entry = new Map(rows.map((d) => [d.code, { title: d.title, entryRoutes: d.entryRoutes }]));
    return { descriptions, codingIndex: index, bags, entry };
  }
}

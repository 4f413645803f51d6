/**
 * An evaluation set of job titles people use that the coding index does not hold: ESCO v1.1.1
 * occupation labels (preferred and alternative), each expected to resolve to the SOC 2020 unit
 * group that the coding index's own ISCO-08 column points the label's ISCO-08 group to.
 *
 * Definition (see bench/README.md):
 *  - the ESCO occupation's `iscoGroup` (four digits) is g; the coding index's records coded to
 *    ISCO-08 g are counted per SOC 2020 unit group; any of those unit groups is right (`expected`),
 *    and the one holding at least DOMINANT_SHARE of them, if one does, is `dominant` (the strict
 *    reading, measure B). Labels of an ISCO-08 group no coding-index record carries are left out;
 *  - labels whose normalised words equal a coding-index title (or title + qualifier) are kept and
 *    flagged `inCodingIndex`: exact lookup answers those with the index's own code, and measures
 *    A, B and D leave them out;
 *  - one label per normalised spelling: a label given by two occupations of different ISCO
 *    groups is ambiguous and left out.
 * Folds are drawn by ESCO occupation (all labels of an occupation in one fold), so labels that are
 * near-copies of each other never sit on both sides of a split.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { CodingIndex } from '../src/domain/soc.js';
import { abbreviationExpansions } from '../src/search/abbreviations.js';
import { aliasesThroughIsco, type IscoLabel, type TitleAlias } from '../src/search/aliases.js';
import { Normaliser, titleKey } from '../src/search/normalise.js';
import { TitleIndex } from '../src/search/title-index.js';
import type { SearchEngine } from './search-before.js';

export const ESCO_OCCUPATIONS_FILE = new URL('../../shared/upstream/esco/occupations_en.csv', import.meta.url);

/** A unit group must hold at least this share of an ISCO-08 group's coding-index records to be its answer. */
export const DOMINANT_SHARE = 0.5;

export interface EscoOccupationLabels {
  uri: string;
  iscoGroup: string;
  preferredLabel: string;
  labels: string[];
}

export interface EscoLabelQuery {
  query: string;
  /** Every unit group the coding index maps the label's ISCO-08 group to: any of them is right (the lenient reading). */
  expected: ReadonlySet<string>;
  /** The unit group holding at least DOMINANT_SHARE of the ISCO-08 group's records, if one does (the strict reading). */
  dominant: string | null;
  /** The label is some occupation's preferred label. */
  preferred: boolean;
  /** The label's words are a coding-index title (or title and qualifier): exact lookup answers it with the index's own code. */
  inCodingIndex: boolean;
  occupation: string;
  fold: number;
}

export function readEscoOccupations(bytes: Uint8Array = readFileSync(ESCO_OCCUPATIONS_FILE)): EscoOccupationLabels[] {
  const rows = parse<Record<string, string>>(Buffer.from(bytes), { columns: true, skip_empty_lines: true, bom: true });
  return rows
    .filter((row) => row['conceptType'] === 'Occupation' && /^\d{4}$/.test(row['iscoGroup'] ?? ''))
    .map((row) => {
      const preferred = (row['preferredLabel'] ?? '').trim();
      const alternatives = (row['altLabels'] ?? '')
        .split('\n')
        .map((label) => label.trim())
        .filter((label) => label !== '');
      return {
        uri: row['conceptUri']!,
        iscoGroup: row['iscoGroup']!,
        preferredLabel: preferred,
        labels: [...new Set([preferred, ...alternatives])],
      };
    });
}

/** Coding-index records per ISCO-08 group and SOC 2020 unit group. */
export function iscoDistribution(index: CodingIndex): Map<string, Map<string, number>> {
  const byIsco = new Map<string, Map<string, number>>();
  for (const record of index.records) {
    if (
      record.soc2020 === null ||
      !/^\d{4}$/.test(record.soc2020) ||
      record.isco08 === null ||
      !/^\d{4}$/.test(record.isco08)
    )
      continue;
    const groups = byIsco.get(record.isco08) ?? new Map<string, number>();
    groups.set(record.soc2020, (groups.get(record.soc2020) ?? 0) + 1);
    byIsco.set(record.isco08, groups);
  }
  return byIsco;
}

/** A stable fold (0 to folds - 1) for an occupation URI (FNV-1a), so every run splits alike. */
export function foldOf(uri: string, folds: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uri.length; i++) hash = Math.imul(hash ^ uri.charCodeAt(i), 0x01000193) >>> 0;
  return hash % folds;
}

/** The normalised word set of a label, as the search's exact lookup keys it. */
export function labelKeyer(index: CodingIndex): (text: string) => string {
  const normaliser = new Normaliser(abbreviationExpansions(index.abbreviations));
  return (text) => titleKey(normaliser.analyse(text).tokens);
}

export function escoLabelQueries(
  index: CodingIndex,
  occupations: EscoOccupationLabels[],
  folds: number,
): { queries: EscoLabelQuery[]; excluded: Record<string, number> } {
  const key = labelKeyer(index);
  const indexKeys = new Set<string>();
  for (const record of index.records) {
    indexKeys.add(key(record.naturalTitle));
    if (record.qualifier) indexKeys.add(key(`${record.naturalTitle} ${record.qualifier}`));
  }
  const distribution = iscoDistribution(index);
  const excluded = {
    'ISCO-08 group not in the coding index': 0,
    'same words, another ISCO-08 group': 0,
    'same words again': 0,
  };
  const byKey = new Map<string, { query: EscoLabelQuery; isco08: string } | null>();
  for (const occupation of occupations) {
    const groups = distribution.get(occupation.iscoGroup);
    for (const label of occupation.labels) {
      const k = key(label);
      if (k === '') continue;
      if (!groups) {
        excluded['ISCO-08 group not in the coding index']++;
        continue;
      }
      const known = byKey.get(k);
      if (known === null) continue;
      if (known !== undefined && known.isco08 === occupation.iscoGroup) {
        excluded['same words again']++;
        if (label === occupation.preferredLabel) known.query.preferred = true;
        continue;
      }
      if (known !== undefined) {
        // One label, two ISCO-08 groups: no single right answer.
        excluded['same words, another ISCO-08 group'] += 2;
        byKey.set(k, null);
        continue;
      }
      const total = [...groups.values()].reduce((a, b) => a + b, 0);
      const [top, records] = [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
      byKey.set(k, {
        isco08: occupation.iscoGroup,
        query: {
          query: label,
          expected: new Set(groups.keys()),
          dominant: records / total >= DOMINANT_SHARE ? top : null,
          preferred: label === occupation.preferredLabel,
          inCodingIndex: indexKeys.has(k),
          occupation: occupation.uri,
          fold: foldOf(occupation.uri, folds),
        },
      });
    }
  }
  return { queries: [...byKey.values()].flatMap((entry) => (entry === null ? [] : [entry.query])), excluded };
}

/** The ISCO-labelled titles of the occupations, for `aliasesThroughIsco`. */
export function iscoLabelsOf(occupations: readonly EscoOccupationLabels[]): IscoLabel[] {
  return occupations.flatMap((o) => o.labels.map((title) => ({ title, isco08: o.iscoGroup })));
}

/**
 * Held-out evaluation: for each fold, an index whose aliases are the labels of the other folds'
 * occupations only, less any label that normalises like a query of the fold (a label two
 * occupations share would otherwise leak), asked the fold's queries. Every query is asked once,
 * of an index that never saw it.
 */
export function heldOut(
  index: CodingIndex,
  occupations: readonly EscoOccupationLabels[],
  queries: readonly EscoLabelQuery[],
  folds: number,
  build: (aliases: readonly TitleAlias[]) => SearchEngine = (aliases) => TitleIndex.build(index, { aliases }),
): Map<EscoLabelQuery, SearchEngine> {
  const key = labelKeyer(index);
  const byQuery = new Map<EscoLabelQuery, SearchEngine>();
  for (let fold = 0; fold < folds; fold++) {
    const asked = queries.filter((q) => q.fold === fold);
    const askedKeys = new Set(asked.map((q) => key(q.query)));
    const training = occupations
      .filter((o) => foldOf(o.uri, folds) !== fold)
      .map((o) => ({ ...o, labels: o.labels.filter((label) => !askedKeys.has(key(label))) }));
    const titleIndex = build(aliasesThroughIsco(index, iscoLabelsOf(training)));
    for (const q of asked) byQuery.set(q, titleIndex);
  }
  return byQuery;
}

/**
 * Search as a careers site uses it (bench/README.md, "Search that knows when it does not know"):
 * top-1, top-3, the rate of confident wrong answers and the rate of empty answers on a judged set
 * built from data, before and after; and the calibration of `confidence` (the probability that
 * the top answer is right), fitted here and written into src/search/calibration.ts by hand.
 *
 *   npx tsx bench/search-careers.ts        (SEARCH_CAREERS_BEFORE=<ref>, default d72edac)
 *
 * The set, no hand labels:
 *  - NCS: every title and alternative title of the NCS job profiles (2020 export and 2026 pages),
 *    right = the unit groups the profile's SOC 2010 code reaches at a pooled share >= 0.2 in the
 *    ONS SOC 2010 -> 2020 table;
 *  - ESCO preferred labels, and a seeded sample of alternative labels the coding index does not
 *    hold; right = the unit groups the coding index maps the label's ISCO-08 group to.
 * Held out: 5 folds (ESCO by occupation, NCS by profile); a query is asked of an index built
 * without its fold's labels (as aliases, as exact-title votes and as sources of word variants) and
 * without any label that normalises like it.
 * Apart, and only for evaluation (never a rule of the search): the issue's failure queries, judged
 * by hand (FAILURES below), asked of the served index.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodingIndex } from '../src/domain/soc.js';
import { aliasesThroughGroups, aliasesThroughIsco, type TitleAlias } from '../src/search/aliases.js';
import { ABSTAIN_BELOW } from '../src/search/calibration.js';
import { TitleIndex, type TitleMatch } from '../src/search/title-index.js';
import { percentText } from '../src/domain/numbers.js';
import { employmentFromUpstream, ncsReleases, pooledCrosswalk } from './careers-titles.js';
import {
  escoLabelQueries,
  foldOf,
  iscoLabelsOf,
  labelKeyer,
  readEscoOccupations,
  type EscoOccupationLabels,
} from './esco-labels.js';
import { loadCodingIndex, sample } from './search.js';
import { readWorkbookSync } from '../src/ingest/formats/workbook.js';
import { parseSocDescriptions } from '../src/ingest/sources/ons/soc2020-descriptions/parse.js';
import { descriptionTexts } from '../src/queries/occupations/search-evidence.js';
import { readFileSync } from 'node:fs';

/**
 * Volume 1's texts, searched where no title answers (src/search/task-texts.ts). The NCS profiles'
 * titles and summaries the service adds are left out: they would hold the held-out titles.
 */
const VOLUME_1 = new URL(
  '../../shared/upstream/soc2020/soc2020volume1structureanddescriptionofunitgroupsexcel16042025.xlsx',
  import.meta.url,
).pathname;
const volume1Texts = descriptionTexts(parseSocDescriptions(readWorkbookSync(new Uint8Array(readFileSync(VOLUME_1)))));

const FOLDS = 5;
const LIMIT = 10;
const SEED = 35;
/** ESCO alternative labels not in the coding index, sampled: the set stays mostly careers-site titles. */
const ESCO_ALTERNATIVES = 1_000;
/** A wrong first answer at this confidence or more is a confident wrong answer. */
const CONFIDENT = 0.5;
/** A SOC 2010 group's share in a SOC 2020 group from which a profile's title leads there (and counts as right). */
const NCS_SHARE = 0.2;

/**
 * The issue's failure queries and what a careers adviser would accept (judged by hand; evaluation
 * only). An empty set: no unit group is right, so an empty answer is the right one.
 */
const FAILURES: ReadonlyArray<[string, string[]]> = [
  ['ai engineer', ['2134', '2139']],
  ['tiktok creator', ['3412', '3413', '3416']],
  ['nail tech', ['6222']],
  ['brickie', ['5313']],
  ['sparky', ['5241']],
  ['counselor', ['3224']],
  ['product owner', ['2440', '2134', '2139']],
  ['physio', ['2221']],
  ['band 5 nurse', ['2232', '2233', '2234', '2235', '2236', '2237']],
  ['teaching assistant', ['6112']],
  ['store manager', ['1150']],
  ['hca', ['6131']],
];

interface Judged {
  query: string;
  expected: ReadonlySet<string>;
  fold: number;
  source: 'ncs' | 'esco preferred' | 'esco alternative' | 'failure';
}

interface NcsProfileNames {
  slug: string;
  titles: string[];
  groups: ReadonlyMap<string, number>;
}

/** NCS profiles (2020 export and 2026 pages, by slug) with their titles and the unit groups their SOC 2010 code reaches. */
export function ncsProfiles(): NcsProfileNames[] {
  const { exported, pages } = ncsReleases();
  const crosswalk = pooledCrosswalk();
  const bySlug = new Map<string, { titles: Set<string>; soc2010: string | null }>();
  for (const p of [...exported.profiles, ...pages.profiles]) {
    const known = bySlug.get(p.slug) ?? { titles: new Set<string>(), soc2010: null };
    for (const title of [p.title, ...p.alternativeTitles]) if (title.trim() !== '') known.titles.add(title.trim());
    known.soc2010 ??= p.soc2010;
    bySlug.set(p.slug, known);
  }
  return [...bySlug].flatMap(([slug, { titles, soc2010 }]) => {
    const groups = soc2010 ? crosswalk.get(soc2010) : undefined;
    return groups ? [{ slug, titles: [...titles], groups }] : [];
  });
}

function judgedSet(index: CodingIndex, esco: EscoOccupationLabels[], ncs: NcsProfileNames[]): Judged[] {
  const key = labelKeyer(index);
  const byKey = new Map<string, Judged | null>();
  const add = (judged: Judged): void => {
    const k = key(judged.query);
    if (k === '') return;
    const known = byKey.get(k);
    if (known === undefined) byKey.set(k, judged);
    else if (known !== null && known.source === judged.source) {
      // One title, two profiles: right where either says (both folds' indexes leave it out).
      byKey.set(k, { ...known, expected: new Set([...known.expected, ...judged.expected]) });
    } else byKey.set(k, null);
  };
  for (const profile of ncs) {
    const expected = new Set([...profile.groups].filter(([, share]) => share >= NCS_SHARE).map(([soc]) => soc));
    if (expected.size === 0) continue;
    for (const title of profile.titles)
      add({ query: title, expected, fold: foldOf(profile.slug, FOLDS), source: 'ncs' });
  }
  const { queries } = escoLabelQueries(index, esco, FOLDS);
  for (const q of queries.filter((q) => q.preferred))
    add({ query: q.query, expected: q.expected, fold: q.fold, source: 'esco preferred' });
  const alternatives = queries.filter((q) => !q.preferred && !q.inCodingIndex);
  for (const q of sample(alternatives, ESCO_ALTERNATIVES, SEED))
    add({ query: q.query, expected: q.expected, fold: q.fold, source: 'esco alternative' });
  return [...byKey.values()].filter((j): j is Judged => j !== null);
}

/** What each version of the search is built from. */
interface Evidence {
  esco: EscoOccupationLabels[];
  ncs: NcsProfileNames[];
  employment: Map<string, number>;
}

/** An index of any version; an earlier one ignores `options` (it never answered empty). */
interface Engine {
  search(q: string, limit: number, options?: { abstain?: boolean }): TitleMatch[];
}

type Build = (index: CodingIndex, evidence: Evidence) => Engine;

/** The search of an earlier commit (its src/search and src/domain extracted with git archive): ESCO aliases and employment only. */
async function buildAt(ref: string): Promise<Build> {
  const root = new URL('../', import.meta.url).pathname;
  const folder = mkdtempSync(path.join(tmpdir(), 'lmi-search-careers-'));
  const archive = execFileSync('git', ['-C', root, 'archive', ref, 'src/search', 'src/domain'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', folder], { input: archive });
  const module = (await import(pathToFileURL(path.join(folder, 'src/search/title-index.ts')).href)) as {
    TitleIndex: typeof TitleIndex;
  };
  return (index, { esco, employment }) =>
    module.TitleIndex.build(index, { aliases: aliasesThroughIsco(index, iscoLabelsOf(esco)), employment });
}

/** The search of this tree: ESCO and NCS titles as aliases, exact-title votes and sources of word variants. */
export const buildNow: Build = (index, { esco, ncs, employment }) => {
  const aliases: TitleAlias[] = [
    ...aliasesThroughIsco(index, iscoLabelsOf(esco)),
    ...aliasesThroughGroups(
      index,
      ncs.flatMap((p) => p.titles.map((title) => ({ title, groups: p.groups }))),
      NCS_SHARE,
    ),
  ];
  return TitleIndex.build(index, {
    aliases,
    employment,
    names: [...esco.map((o) => o.labels), ...ncs.map((p) => p.titles)],
    texts: volume1Texts,
  });
};

/** Each fold's queries asked of an index built without that fold's evidence. */
function answers(
  index: CodingIndex,
  evidence: Evidence,
  judged: readonly Judged[],
  build: Build,
  options: { abstain: boolean },
): Map<Judged, TitleMatch[]> {
  const key = labelKeyer(index);
  const out = new Map<Judged, TitleMatch[]>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const asked = judged.filter((j) => j.source !== 'failure' && j.fold === fold);
    const askedKeys = new Set(asked.map((j) => key(j.query)));
    const keep = (label: string) => !askedKeys.has(key(label));
    const training: Evidence = {
      employment: evidence.employment,
      esco: evidence.esco
        .filter((o) => foldOf(o.uri, FOLDS) !== fold)
        .map((o) => ({ ...o, labels: o.labels.filter(keep) })),
      ncs: evidence.ncs
        .filter((p) => foldOf(p.slug, FOLDS) !== fold)
        .map((p) => ({ ...p, titles: p.titles.filter(keep) })),
    };
    const engine = build(index, training);
    for (const j of asked) out.set(j, engine.search(j.query, LIMIT, options));
  }
  const served = build(index, evidence);
  for (const j of judged.filter((j) => j.source === 'failure')) out.set(j, served.search(j.query, LIMIT, options));
  return out;
}

interface Measures {
  n: number;
  top1: number;
  top3: number;
  confidentWrong: number;
  empty: number;
}

function measure(results: ReadonlyMap<Judged, TitleMatch[]>, judged: readonly Judged[]): Measures {
  let top1 = 0;
  let top3 = 0;
  let confidentWrong = 0;
  let empty = 0;
  for (const j of judged) {
    const matches = results.get(j)!;
    const right = (m: TitleMatch | undefined) => m !== undefined && j.expected.has(m.soc2020);
    if (matches.length === 0) empty++;
    if (right(matches[0])) top1++;
    else if (matches[0] && matches[0].confidence >= CONFIDENT) confidentWrong++;
    if (matches.slice(0, 3).some(right)) top3++;
  }
  const n = judged.length;
  return { n, top1: top1 / n, top3: top3 / n, confidentWrong: confidentWrong / n, empty: empty / n };
}

const pct = (share: number): string => percentText(share, 1).padStart(6);

function report(name: string, before: Measures, after: Measures): void {
  console.log(
    `  ${name.padEnd(34)} n=${String(after.n).padStart(5)}  top-1 ${pct(before.top1)} -> ${pct(after.top1)}  top-3 ${pct(before.top3)} -> ${pct(after.top3)}  confident wrong ${pct(before.confidentWrong)} -> ${pct(after.confidentWrong)}  empty ${pct(before.empty)} -> ${pct(after.empty)}`,
  );
}

/** Reliability: in bins of the top answer's confidence, the share right. */
function reliability(results: ReadonlyMap<Judged, TitleMatch[]>, judged: readonly Judged[]): void {
  const bins = [0, 0.2, 0.4, 0.6, 0.8, 0.9, 0.999, 1.0001];
  for (let b = 0; b < bins.length - 1; b++) {
    const inBin = judged.filter((j) => {
      const top = results.get(j)![0];
      return top !== undefined && top.confidence >= bins[b]! && top.confidence < bins[b + 1]!;
    });
    if (inBin.length === 0) continue;
    const right = inBin.filter((j) => j.expected.has(results.get(j)![0]!.soc2020)).length;
    const mean = inBin.reduce((s, j) => s + results.get(j)![0]!.confidence, 0) / inBin.length;
    console.log(
      `    confidence [${bins[b]!.toFixed(2)}, ${Math.min(1, bins[b + 1]!).toFixed(2)}): n=${String(inBin.length).padStart(5)}  mean confidence ${mean.toFixed(3)}  share right ${(right / inBin.length).toFixed(3)}`,
    );
  }
}

/** Logistic regression (Newton's method) of "the top fuzzy answer is right" on its similarity and its margin over the next group. */
function fitCalibration(results: ReadonlyMap<Judged, TitleMatch[]>, judged: readonly Judged[]): number[] {
  const rows: { x: number[]; y: number }[] = [];
  for (const j of judged) {
    if (j.source === 'failure') continue;
    const matches = results.get(j)!;
    const top = matches[0];
    if (!top || top.matchType !== 'fuzzy') continue;
    rows.push({
      x: [1, top.similarity, top.similarity - (matches[1]?.similarity ?? 0)],
      y: j.expected.has(top.soc2020) ? 1 : 0,
    });
  }
  let w = [0, 0, 0];
  for (let step = 0; step < 25; step++) {
    const g = [0, 0, 0];
    const h = [
      [1e-6, 0, 0],
      [0, 1e-6, 0],
      [0, 0, 1e-6],
    ];
    for (const { x, y } of rows) {
      const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * w[i]!, 0)));
      for (let i = 0; i < 3; i++) {
        g[i]! += (y - p) * x[i]!;
        for (let k = 0; k < 3; k++) h[i]![k]! += p * (1 - p) * x[i]! * x[k]!;
      }
    }
    w = w.map((v, i) => v + solve(h, g)[i]!);
  }
  console.log(
    `  fitted on ${rows.length} queries whose top answer is fuzzy (held out): intercept ${w[0]!.toFixed(3)}, similarity ${w[1]!.toFixed(3)}, margin ${w[2]!.toFixed(3)}`,
  );
  return w;
}

/** Solves the 3x3 system h·d = g (Cramer's rule). */
function solve(h: number[][], g: number[]): number[] {
  const det = (m: number[][]) =>
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const d = det(h);
  return [0, 1, 2].map((c) => det(h.map((row, r) => row.map((v, k) => (k === c ? g[r]! : v)))) / d);
}

async function main(): Promise<void> {
  const index = loadCodingIndex();
  const evidence: Evidence = { esco: readEscoOccupations(), ncs: ncsProfiles(), employment: employmentFromUpstream() };
  const judged = [
    ...judgedSet(index, evidence.esco, evidence.ncs),
    ...FAILURES.map(([query, codes]): Judged => ({ query, expected: new Set(codes), fold: -1, source: 'failure' })),
  ];
  const ref = process.env['SEARCH_CAREERS_BEFORE'] ?? 'd72edac';
  console.log(`judged set: ${judged.length} queries; before = ${ref}, after = this tree`);
  const before = answers(index, evidence, judged, await buildAt(ref), { abstain: false });
  const raw = answers(index, evidence, judged, buildNow, { abstain: false });
  // The served answer: empty when the first answer is fuzzy and under ABSTAIN_BELOW (TitleIndex.search).
  const after = new Map(
    [...raw].map(([j, m]): [Judged, TitleMatch[]] => [
      j,
      m[0]?.matchType === 'fuzzy' && m[0].confidence < ABSTAIN_BELOW ? [] : m,
    ]),
  );
  const sets: Array<[string, Judged[]]> = [
    ['all (data-judged)', judged.filter((j) => j.source !== 'failure')],
    ['NCS titles', judged.filter((j) => j.source === 'ncs')],
    ['ESCO preferred labels', judged.filter((j) => j.source === 'esco preferred')],
    ['ESCO alternative labels (sample)', judged.filter((j) => j.source === 'esco alternative')],
    ['issue failures (hand-judged)', judged.filter((j) => j.source === 'failure')],
  ];
  console.log(`\nbefore -> after (confident wrong: a wrong first answer at confidence >= ${CONFIDENT})`);
  for (const [name, set] of sets) report(name, measure(before, set), measure(after, set));
  // Counts of the whole set: a change of one query shows.
  const [b, a] = [measure(before, sets[0]![1]), measure(after, sets[0]![1])];
  const count = (share: number, n: number) => Math.round(share * n);
  console.log(
    `  counts, all: top-1 ${count(b.top1, b.n)} -> ${count(a.top1, a.n)}, top-3 ${count(b.top3, b.n)} -> ${count(a.top3, a.n)}, confident wrong ${count(b.confidentWrong, b.n)} -> ${count(a.confidentWrong, a.n)}, empty ${count(b.empty, b.n)} -> ${count(a.empty, a.n)}`,
  );
  console.log(`\nafter, without the empty answer (calibrated confidence, every query answered):`);
  for (const [name, set] of sets) report(name, measure(before, set), measure(raw, set));
  console.log('\nthe empty-answer threshold (first answer fuzzy and under it: empty), data-judged set:');
  for (const threshold of [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5]) {
    const gated = new Map(
      [...raw].map(([j, m]): [Judged, TitleMatch[]] => [
        j,
        m[0]?.matchType === 'fuzzy' && m[0].confidence < threshold ? [] : m,
      ]),
    );
    const { top1, top3, confidentWrong, empty } = measure(gated, sets[0]![1]);
    const wrong =
      sets[0]![1].filter((j) => {
        const top = gated.get(j)![0];
        return top !== undefined && !j.expected.has(top.soc2020);
      }).length / sets[0]![1].length;
    console.log(
      `    ${threshold.toFixed(2)}: top-1 ${pct(top1)}  top-3 ${pct(top3)}  wrong first answer ${pct(wrong)}  confident wrong ${pct(confidentWrong)}  empty ${pct(empty)}`,
    );
  }
  console.log('\nreliability of the top answer, after, data-judged set:');
  reliability(raw, sets[0]![1]);
  console.log('\nreliability of the top answer, before (raw similarity), data-judged set:');
  reliability(before, sets[0]![1]);
  console.log('\ncalibration:');
  fitCalibration(raw, sets[0]![1]);
  console.log('\nissue failures, after:');
  for (const j of sets[4]![1]) {
    const m = after.get(j)!;
    const b = before.get(j)![0];
    console.log(
      `  ${j.query.padEnd(20)} before ${b ? `${b.soc2020} ${b.matchedTitle} ${b.confidence.toFixed(2)}` : '[]'}  after ${
        m.length === 0
          ? '[] (empty)'
          : m
              .slice(0, 3)
              .map((x) => `${x.soc2020} ${x.matchedTitle} ${x.confidence.toFixed(2)}`)
              .join(' | ')
      }`,
    );
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

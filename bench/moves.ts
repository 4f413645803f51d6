/**
 * `npm run bench:moves`: GET /v1/occupations/{soc}/moves over all 412 unit groups through
 * app.inject against GET /skills (the occupation endpoint it is built on), on a copy of the test
 * template (SQLite by default; BENCH_DIALECT=postgres), and what the method gives: how often moves
 * stay in the same sub-major group and how the pay differences are spread, so a change of method
 * shows up here. Needs the templates (`npm test` or `npx tsx test/build-templates.ts`).
 *
 * Then the ranking on the career-path pairs (career-paths.ts): for each pair (from, to) the rank of
 * `to` in GET /moves?limit=50 of `from`; recall at 10 and 50 and the mean reciprocal rank (0 past
 * 50), and the issue's examples. BENCH_PARTS=ranking runs only that part (it reads only the route,
 * so it runs unchanged on an older tree: that is how "before" was measured). The figures are given
 * on all pairs and on each half of them split by a hash of the source unit group (`fit`, `held
 * out`): `--grid` fits the ranking's constants (src/queries/moves/ranking.ts) on the fit half by
 * mean reciprocal rank, with the same functions the service ranks with, and reports the best on the
 * held-out half and on all pairs (BENCH_PARTS=grid: the grid alone).
 */
import { loadavg } from 'node:os';
import type { Dialect } from '../src/store/database.js';
import type { MovesResponse } from '../src/schemas/moves.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';
import { RANKING, rankScore, shortlistOf, type MovePrior, type Ranking } from '../src/queries/moves/ranking.js';
import { careerPathPairs } from './career-paths.js';

const dialect = (process.env.BENCH_DIALECT ?? 'sqlite') as Dialect;
const served = await servedFromTemplate(dialect);
const { unitGroups } = await served.services.occupations.structure();
const codes = unitGroups.map((u) => u.code);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** One request per unit group, the response cache emptied first so every answer is computed. */
async function pass(path: (soc: string) => string) {
  served.services.responseCache.clear();
  const times: number[] = [];
  const bodies = new Map<string, { status: number; body: string }>();
  for (const soc of codes) {
    const started = performance.now();
    const res = await served.get(path(soc));
    times.push(performance.now() - started);
    bodies.set(soc, { status: res.statusCode, body: res.body });
  }
  times.sort((a, b) => a - b);
  return { times, bodies };
}

function line(name: string, times: number[]) {
  console.log(
    `${name.padEnd(34)} p50 ${ms(quantile(times, 0.5)).padStart(9)}  p90 ${ms(quantile(times, 0.9)).padStart(9)}  p99 ${ms(quantile(times, 0.99)).padStart(9)}  max ${ms(times.at(-1)!).padStart(9)}`,
  );
}

const parts = process.env.BENCH_PARTS;
if (parts === undefined) await timings();
if (parts === undefined || parts === 'ranking') await ranking();
if (process.argv.includes('--grid') || parts === 'grid') await grid();
await served.close();

async function timings() {
  console.log(`dialect ${dialect}, ${codes.length} unit groups, load ${loadavg()[0]!.toFixed(1)}`);
  let started = performance.now();
  await served.get('/v1/occupations/2134/skills?limit=1');
  console.log(`first /skills (coding index built): ${ms(performance.now() - started)}`);
  started = performance.now();
  await served.get('/v1/occupations/2134/moves?limit=1');
  console.log(`first /moves after it (ESCO profiles of 412 groups built): ${ms(performance.now() - started)}`);

  const skills = await pass((soc) => `/v1/occupations/${soc}/skills`);
  const first = await pass((soc) => `/v1/occupations/${soc}/moves`);
  const second = await pass((soc) => `/v1/occupations/${soc}/moves`);
  const filtered = await pass((soc) => `/v1/occupations/${soc}/moves?minPayChange=10`);
  line('/skills (default limit 40)', skills.times);
  line('/moves, first pass (facts filling)', first.times);
  line('/moves, second pass (facts kept)', second.times);
  line('/moves?minPayChange=10', filtered.times);

  let answered = 0;
  let moves = 0;
  let sameSubMajor = 0;
  let sameMajor = 0;
  let closeness: number[] = [];
  const differences: number[] = [];
  let noDifference = 0;
  for (const { status, body } of second.bodies.values()) {
    if (status !== 200) continue;
    const r = JSON.parse(body) as MovesResponse;
    if (r.moves.length > 0) answered += 1;
    for (const m of r.moves) {
      moves += 1;
      if (m.subMajorGroup.code === r.subMajorGroup.code) sameSubMajor += 1;
      if (m.soc2020[0] === r.soc2020[0]) sameMajor += 1;
      closeness.push(m.skills.closeness);
      if (m.pay.differencePercent === null) noDifference += 1;
      else differences.push(m.pay.differencePercent);
    }
  }
  closeness = closeness.sort((a, b) => a - b);
  differences.sort((a, b) => a - b);
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
  console.log(`\nanswered 200 with moves: ${answered} of ${codes.length}; moves ${moves} (limit 10)`);
  console.log(
    `moves in the same sub-major group: ${pct(sameSubMajor, moves)}; same major group: ${pct(sameMajor, moves)}`,
  );
  console.log(
    `closeness: p10 ${quantile(closeness, 0.1)}, median ${quantile(closeness, 0.5)}, p90 ${quantile(closeness, 0.9)}`,
  );
  console.log(
    `pay difference (target less source, %), ${differences.length} moves (${noDifference} with none: a median withheld or not presentable):`,
  );
  console.log(
    `  p10 ${quantile(differences, 0.1)}, p25 ${quantile(differences, 0.25)}, median ${quantile(differences, 0.5)}, p75 ${quantile(differences, 0.75)}, p90 ${quantile(differences, 0.9)}; paying more: ${pct(differences.filter((d) => d > 0).length, differences.length)}`,
  );
}

async function ranking() {
  const pairs = careerPathPairs();
  const moves = new Map<string, MovesResponse | null>();
  for (const from of new Set([...pairs.map((p) => p.from), '6135', '8211', '2314', '2231', '2235']).values()) {
    const res = await served.get(`/v1/occupations/${from}/moves?limit=50`);
    moves.set(from, res.statusCode === 200 ? (JSON.parse(res.body) as MovesResponse) : null);
  }
  const rankOf = (from: string, to: string) => {
    const i = moves.get(from)?.moves.findIndex((m) => m.soc2020 === to) ?? -1;
    return i < 0 ? Infinity : i + 1;
  };
  console.log(
    `\ncareer-path pairs: ${pairs.length} (${new Set(pairs.map((p) => p.from)).size} unit groups moved from)`,
  );
  for (const [name, subset] of [
    ['all', pairs],
    ['fit half', pairs.filter((p) => inFitHalf(p.from))],
    ['held-out half', pairs.filter((p) => !inFitHalf(p.from))],
  ] as const)
    console.log(`  ${name.padEnd(14)} ${measures(subset.map((p) => rankOf(p.from, p.to)))}`);
  const rank = (r: number) => (r === Infinity ? '>50' : String(r));
  console.log(`2231 -> 2232 (midwifery nurses -> community nurses): ${rank(rankOf('2231', '2232'))}`);
  console.log(`6135 -> 6131 (care worker -> healthcare assistant): ${rank(rankOf('6135', '6131'))}`);
  console.log(`8211 -> 8212 (HGV -> bus and coach driver): ${rank(rankOf('8211', '8212'))}`);
  const primary = moves.get('2314')?.moves.slice(0, 10) ?? [];
  console.log(
    `2314 top 10: ${primary.map((m) => `${m.soc2020} (${m.pay.differencePercent ?? 'n/a'}%)`).join(', ')}; cutting pay by half or more: ${primary.filter((m) => (m.pay.differencePercent ?? 0) <= -50).length}`,
  );
  let all = 0;
  let nothing = 0;
  let flagged = 0;
  let unsaid = 0;
  for (const response of moves.values())
    for (const m of response?.moves.slice(0, 10) ?? []) {
      all += 1;
      const cannotTell = (m.skills as { distinguishable?: boolean }).distinguishable === false;
      if (m.skills.toLearnCount === 0) nothing += 1;
      if (cannotTell) flagged += 1;
      // An empty list to learn the basis does not qualify reads as "nothing to learn".
      if (m.skills.toLearnCount === 0 && !/does not mean there is nothing to learn/.test(m.skills.basis)) unsaid += 1;
    }
  console.log(
    `top-10 moves of those groups: ${all}; with nothing to learn: ${nothing} (of which the basis does not qualify: ${unsaid}); flagged indistinguishable: ${flagged}`,
  );
}

/** Half the pairs, by a hash of the source unit group (FNV-1a), so a source's pairs are all on one side. */
function inFitHalf(soc: string): boolean {
  let h = 0x811c9dc5;
  for (const c of soc) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h % 2 === 0;
}

/** Recall at 10 and 50 and mean reciprocal rank (0 past 50) of ranks (Infinity: not in the first 50). */
function figures(ranks: number[]) {
  const share = (k: number) => ranks.filter((r) => r <= k).length / ranks.length;
  const mrr = ranks.reduce((sum, r) => sum + (r > 50 ? 0 : 1 / r), 0) / ranks.length;
  return { at10: share(10), at50: share(50), mrr, n: ranks.length };
}
function measures(ranks: number[]): string {
  const f = figures(ranks);
  return `n ${String(f.n).padStart(3)}  recall@10 ${(100 * f.at10).toFixed(1)}%  recall@50 ${(100 * f.at50).toFixed(1)}%  MRR ${f.mrr.toFixed(3)}`;
}

/**
 * The constants fitted on the fit half: every candidate's evidence gathered once through the
 * service's own methods, then each point of the grid ranked with move-ranking.ts as the service does.
 */
async function grid() {
  const pairs = careerPathPairs();
  const { moves, skillProfiles } = served.services;
  type Evidence = { soc: string; closeness: number; sharedRoutes: number; entryBarrier: boolean; prior: MovePrior };
  const evidence = new Map<string, Evidence[]>();
  for (const from of new Set(pairs.map((p) => p.from))) {
    const found = await skillProfiles.of(from, 'bench').catch(() => null);
    if (!found) continue;
    const candidates = await moves.candidates(from, found.view, found.profile);
    evidence.set(
      from,
      await Promise.all(
        candidates.map(async (c) => ({
          soc: c.soc,
          closeness: c.closeness,
          sharedRoutes: c.sharedRoutes,
          entryBarrier: c.entryBarrier,
          prior: (await moves.prior(from, c.soc)).prior,
        })),
      ),
    );
  }
  /** The figures on each set of pairs of one point: the shortlists (which depend only on the structural constants) given. */
  const measure = (r: Ranking, shortlists: Map<string, ReturnType<typeof shortlistOf<Evidence>>>) => {
    const order = new Map<string, string[]>();
    for (const [from, list] of shortlists)
      order.set(
        from,
        list
          .map((c) => ({ soc: c.soc, score: rankScore(c.structural, c.prior, r) }))
          .sort((a, b) => b.score - a.score || a.soc.localeCompare(b.soc))
          .map((c) => c.soc),
      );
    const ranks = (subset: typeof pairs) =>
      figures(
        subset.map((p) => {
          const i = order.get(p.from)?.indexOf(p.to) ?? -1;
          return i < 0 || i >= 50 ? Infinity : i + 1;
        }),
      );
    return { fit: ranks(fit), heldOut: ranks(heldOut), all: ranks(pairs) };
  };
  const shortlistsOf = (r: Ranking) =>
    new Map([...evidence].map(([from, list]) => [from, shortlistOf(from, list, r)] as const));
  // The grid: a same-minor-group bonus at least the sub-major one (a closer group is not worth less).
  const structural = product({
    shortlist: [60],
    closenessPower: [1],
    sharedRouteBonus: [0, 1, 2, 4],
    sameMinorBonus: [0, 1, 2],
    sameSubMajorBonus: [0, 0.5, 1],
  }).filter((p) => p.sameSubMajorBonus! <= p.sameMinorBonus!);
  const priors = product({
    payCutFrom: [0.8, 1, 1.2, 1.5],
    payRiseBonus: [0, 0.5, 1, 2],
    jobsPower: [0, 0.2, 0.3, 0.5],
    payLeapFrom: [1.5, 2, 100],
  });
  const fit = pairs.filter((p) => inFitHalf(p.from));
  const heldOut = pairs.filter((p) => !inFitHalf(p.from));
  const started = performance.now();
  const results: Array<{ r: Ranking } & ReturnType<typeof measure>> = [];
  for (const s of structural) {
    const shortlists = shortlistsOf({ ...RANKING, ...s });
    for (const p of priors) {
      const r = { ...RANKING, ...s, ...p };
      results.push({ r, ...measure(r, shortlists) });
    }
  }
  results.sort((a, b) => b.fit.mrr - a.fit.mrr || b.fit.at10 - a.fit.at10);
  const line = (f: ReturnType<typeof figures>) =>
    `recall@10 ${(100 * f.at10).toFixed(1)}% recall@50 ${(100 * f.at50).toFixed(1)}% MRR ${f.mrr.toFixed(3)}`;
  console.log(
    `\ngrid: ${results.length} points fitted on ${fit.length} pairs, ${heldOut.length} held out (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  const current = measure(RANKING, shortlistsOf(RANKING));
  console.log(
    `current constants: fit ${line(current.fit)}; held out ${line(current.heldOut)}; all ${line(current.all)}`,
  );
  for (const { r, fit: f, heldOut: h, all } of results.slice(0, 10))
    console.log(`  ${JSON.stringify(r)}\n    fit ${line(f)}; held out ${line(h)}; all ${line(all)}`);
  // How much each kind of evidence adds: the best point on the fit half with it switched off.
  const best = results[0]!.r;
  for (const off of ['sharedRouteBonus', 'sameMinorBonus', 'sameSubMajorBonus', 'payRiseBonus', 'jobsPower'] as const) {
    const found = results.find((x) =>
      (Object.keys(best) as Array<keyof Ranking>).every((k) => (k === off ? x.r[k] === 0 : x.r[k] === best[k])),
    );
    if (found) console.log(`  best without ${off}: fit ${line(found.fit)}; held out ${line(found.heldOut)}`);
  }
}

/** Every combination of the values given for each constant. */
function product(values: { [K in keyof Ranking]?: number[] }): Array<Partial<Ranking>> {
  let points: Array<Partial<Ranking>> = [{}];
  for (const [key, options] of Object.entries(values))
    points = points.flatMap((p) => (options ?? []).map((v) => ({ ...p, [key]: v })));
  return points;
}

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
 * so it runs unchanged on an older tree: that is how "before" was measured).
 */
import { loadavg } from 'node:os';
import type { Dialect } from '../src/store/database.js';
import type { MovesResponse } from '../src/schemas/moves.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';
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

if (process.env.BENCH_PARTS !== 'ranking') await timings();
await ranking();
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
  const ranks = pairs.map((p) => rankOf(p.from, p.to));
  const share = (k: number) => `${((100 * ranks.filter((r) => r <= k).length) / ranks.length).toFixed(1)}%`;
  const mrr = ranks.reduce((sum, r) => sum + (r === Infinity ? 0 : 1 / r), 0) / ranks.length;
  console.log(
    `\ncareer-path pairs: ${pairs.length} (${new Set(pairs.map((p) => p.from)).size} unit groups moved from); recall@10 ${share(10)}, recall@50 ${share(50)}, MRR ${mrr.toFixed(3)}`,
  );
  const rank = (r: number) => (r === Infinity ? '>50' : String(r));
  console.log(`6135 -> 6131 (care worker -> healthcare assistant): ${rank(rankOf('6135', '6131'))}`);
  console.log(`8211 -> 8212 (HGV -> bus and coach driver): ${rank(rankOf('8211', '8212'))}`);
  const primary = moves.get('2314')?.moves.slice(0, 10) ?? [];
  console.log(
    `2314 top 10: ${primary.map((m) => `${m.soc2020} (${m.pay.differencePercent ?? 'n/a'}%)`).join(', ')}; cutting pay by half or more: ${primary.filter((m) => (m.pay.differencePercent ?? 0) <= -50).length}`,
  );
  let all = 0;
  let nothing = 0;
  let flagged = 0;
  for (const response of moves.values())
    for (const m of response?.moves.slice(0, 10) ?? []) {
      all += 1;
      if (m.skills.toLearnCount === 0) nothing += 1;
      if ((m.skills as { distinguishable?: boolean }).distinguishable === false) flagged += 1;
    }
  console.log(
    `top-10 moves of those groups: ${all}; with nothing to learn: ${nothing}; flagged indistinguishable: ${flagged}`,
  );
}

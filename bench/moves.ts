/**
 * `npm run bench:moves`: GET /v1/occupations/{soc}/moves over all 412 unit groups through
 * app.inject against GET /skills (the occupation endpoint it is built on), on a copy of the test
 * template (SQLite by default; BENCH_DIALECT=postgres), and what the method gives: how often moves
 * stay in the same sub-major group and how the pay differences are spread, so a change of method
 * shows up here. Needs the templates (`npm test` or `npx tsx test/build-templates.ts`).
 */
import { loadavg } from 'node:os';
import type { Dialect } from '../src/store/database.js';
import type { MovesResponse } from '../src/schemas/moves.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';

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
await served.close();

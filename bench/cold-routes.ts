/**
 * `npm run bench:cold-routes`: every keyed route of the OpenAPI document that takes a unit group
 * (`{soc}`; `{other}` is the next unit group), requested for each of the 412 unit groups through
 * app.inject with the response cache emptied before every request, so each answer is computed as
 * a careers site's nightly walk would meet it. Prints p50, p99 and max per route, and the routes
 * whose p99 is over the goal (BENCH_P99_MS, 25 by default), exiting 1 when there is one. Beside
 * each wall time, the p50 and p99 of the process's CPU time (user and system) over the request:
 * SQLite answers on this thread, so that is the request's own work, and on a machine others share
 * it is the figure that does not move with their load (a request waiting for a CPU costs wall
 * time, not CPU time). On a copy
 * of the test template (SQLite by default; BENCH_DIALECT=postgres); needs the templates
 * (`npx tsx test/build-templates.ts`). Routes without `{soc}` are listed, not timed.
 * BENCH_ROUTES="/skills /moves /compare/{other}" times only the routes ending so.
 */
import { loadavg } from 'node:os';
import type { Dialect } from '../src/store/database.js';
import { servedFromTemplate } from '../test/helpers/served-app.js';

const dialect = (process.env.BENCH_DIALECT ?? 'sqlite') as Dialect;
const GOAL_MS = Number(process.env.BENCH_P99_MS ?? 25);
const served = await servedFromTemplate(dialect);
const { unitGroups } = await served.services.occupations.structure();
const codes = unitGroups.map((u) => u.code);

const document = served.app.swagger() as { paths: Record<string, Record<string, unknown>> };
const routes = Object.keys(document.paths)
  .filter((p) => 'get' in document.paths[p]! && p.startsWith('/v1/'))
  .sort();
/** BENCH_ROUTES="/skills /moves": only the routes ending so (e.g. a change's own routes). */
const only = process.env.BENCH_ROUTES?.split(/\s+/).filter(Boolean);
const timed = routes
  .filter((p) => p.includes('{soc}') && !/\{(?!soc\}|other\})[^}]+\}/.test(p))
  .filter((p) => !only || only.some((suffix) => p.endsWith(suffix)));

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

console.log(`dialect ${dialect}, ${codes.length} unit groups, ${timed.length} routes, load average ${load()}`);
console.log(`not timed (no {soc}): ${routes.filter((p) => !timed.includes(p)).join(' ')}`);
const over: string[] = [];
for (const route of timed) {
  const times: number[] = [];
  const cpu: number[] = [];
  const statuses = new Map<number, number>();
  for (const [i, soc] of codes.entries()) {
    const url = route.replace('{soc}', soc).replace('{other}', codes[(i + 1) % codes.length]!);
    served.services.responseCache.clear();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const res = await served.get(url);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p99 = quantile(times, 0.99);
  if (p99 > GOAL_MS) over.push(route);
  const answered = [...statuses].map(([status, n]) => `${n}x${status}`).join(' ');
  console.log(
    `${route.padEnd(48)} p50 ${ms(quantile(times, 0.5))}  p99 ${ms(p99)}  max ${ms(times.at(-1)!)}  cpu p50 ${ms(quantile(cpu, 0.5))} p99 ${ms(quantile(cpu, 0.99))}  ${answered}`,
  );
}
console.log(`load average at the end ${load()}`);
console.log(over.length === 0 ? `every route's p99 within ${GOAL_MS} ms` : `p99 over ${GOAL_MS} ms: ${over.join(' ')}`);
await served.close();
if (over.length > 0) process.exitCode = 1;

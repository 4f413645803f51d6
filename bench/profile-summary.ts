/**
 * Where the time of a `--cpu-prof` profile goes: self time by package or source folder, self time
 * by function, and total time (the function and what it calls) by function, as shares of the busy
 * time (idle and startup left out). `npm run bench:compare` writes profiles of our server and of
 * the bare app when BENCH_CPU_PROF names a folder.
 * Run: npx tsx bench/profile-summary.ts <file.cpuprofile> [top] [skip seconds]
 * (skip: samples in the first seconds are left out, e.g. a server's start and index build).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topText, skipText] = process.argv.slice(2);
if (!file) throw new Error('usage: bench/profile-summary.ts <file.cpuprofile> [top] [skip seconds]');
const top = Number(topText ?? 25);
const skipUs = Number(skipText ?? 0) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const selfUs = new Map<number, number>();
let elapsed = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  elapsed += delta;
  if (elapsed < skipUs) return;
  if (byId.get(id)!.callFrame.functionName === '(idle)') idle += delta;
  else selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});
const busy = [...selfUs.values()].reduce((a, b) => a + b, 0);

function place(url: string): string {
  if (!url) return '(native or V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const dist = url.indexOf('/dist/');
  if (dist !== -1)
    return url
      .slice(dist + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  return url;
}

const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${place(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
const totalByFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  byFunction.set(nameOf(node), (byFunction.get(nameOf(node)) ?? 0) + us);
  byPlace.set(place(node.callFrame.url), (byPlace.get(place(node.callFrame.url)) ?? 0) + us);
  // Each function on the sample's stack once, however often it recurs.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) onStack.add(nameOf(byId.get(at)!));
  for (const name of onStack) totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + us);
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
};
console.log(
  `${file}: ${(busy / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle${skipUs ? `, after the first ${skipUs / 1e6} s` : ''}; shares of the busy time`,
);
show('self time by package or folder', byPlace);
show('self time by function', byFunction);
show('total time by function (itself and what it calls)', totalByFunction);

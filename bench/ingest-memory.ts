/**
 * A memory regression guard for the ingest: the peak resident memory of `lmi ingest` (the compiled
 * CLI, as an operator runs it; worker threads are in the process, child processes are added) over
 * the real mirror, then over the mirror with ASHE Table 14's newest release faulted: every figure
 * of every workbook x1000, the worst fault measured (1,044 MiB before workbook lanes were bounded
 * by LMI_INGEST_MEMORY_MB). Each peak is printed against the budget, LMI_INGEST_MEMORY_MB (1,024 by
 * default); the bench exits 1 when one is over it.
 *
 * Peak, the one measure: what a container limit on the ingest would see at worst, the sum of the
 * high-water marks (VmHWM: resident memory at its highest, all threads) of the ingest process and
 * of every process it starts (parse workers and their children), each read from /proc every 20 ms
 * while it lives and kept at its last value after it exits. It is never below the tree's resident
 * memory at any instant. (It replaced the process's own VmHWM plus the descendants' RSS at 100 ms
 * samples, which missed a worker's peak between samples: 794 MiB against 1,084 MiB measured for the
 * whole tree on the x1000 case.) Each run has a fresh SQLite data folder.
 * BENCH_SOURCES (space-separated keys) limits the ingest to those sources; all by default.
 * BENCH_CASES=fault runs only the faulted mirror; BENCH_CASES=adverts only the third case: a full-size ONS
 * labour demand workbook (built by labour-demand-workbook.ts, about eleven million cells) read by the two
 * online job advert sources alone, the largest single file any source reads.
 * Run: npm run build && npm run bench:ingest-memory
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { writeLabourDemandWorkbook } from './labour-demand-workbook.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli', 'main.js');
const MIRROR = path.resolve(ROOT, '..', 'shared', 'upstream');
const FAULTED = 'ashe-table14/ashetable142024provisional.zip';
const BUDGET_MB = Number(process.env.LMI_INGEST_MEMORY_MB ?? 1024);
const SOURCES = (process.env.BENCH_SOURCES ?? '').split(/\s+/).filter(Boolean);
/** BENCH_CASES: `mirror`, `fault`, `adverts` or any of them (all by default), comma-separated. */
const CASES = (process.env.BENCH_CASES ?? 'mirror,fault,adverts').split(',');
const ADVERT_SOURCES = ['online-job-adverts', 'online-job-adverts-local'];
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';

/** A numeric cell's value (no `t` attribute, or `t="n"`), with or without a formula before it. */
const NUMERIC_CELL = /<c((?:(?!\bt="|>).)*|[^>]*\bt="n"[^>]*)>(<f[^>]*\/>|<f[^>]*>[^<]*<\/f>)?<v>([^<]+)<\/v>/g;

/**
 * Whether a cell holds a figure: below the header (row 5 in every Table 14 sheet, whose percentile
 * labels are numbers too) and right of the description and code columns, so that the release keeps
 * its layout and codes and is refused only on its figures, as a unit change upstream would be.
 */
function isFigure(attributes: string): boolean {
  const [, column, row] = /\br="([A-Z]+)(\d+)"/.exec(attributes) ?? [];
  return column !== undefined && Number(row) > 5 && column !== 'A' && column !== 'B';
}

/** Every figure of every workbook in the zip multiplied by 1000: the same layout, values a unit change off. */
function timesThousand(zip: Uint8Array): Uint8Array {
  const outer = unzipSync(zip);
  const rewritten: Zippable = {};
  for (const [name, bytes] of Object.entries(outer)) {
    if (!name.endsWith('.xlsx')) {
      rewritten[name] = bytes;
      continue;
    }
    const parts = unzipSync(bytes);
    for (const part of Object.keys(parts).filter((p) => /^xl\/worksheets\/[^/]+\.xml$/.test(p))) {
      const xml = Buffer.from(parts[part]!).toString('utf8');
      const scaled = xml.replace(
        NUMERIC_CELL,
        (whole, attributes: string, formula: string | undefined, value: string) =>
          isFigure(attributes) && Number.isFinite(Number(value))
            ? `<c${attributes}>${formula ?? ''}<v>${Number(value) * 1000}</v>`
            : whole,
      );
      parts[part] = new Uint8Array(Buffer.from(scaled, 'utf8'));
    }
    rewritten[name] = zipSync(parts, { level: 6 });
  }
  return zipSync(rewritten, { level: 6 });
}

/** The real mirror by links, with the faulted release written in place of ASHE 2024. */
function faultedMirror(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lmi-bench-mirror-'));
  for (const folder of readdirSync(MIRROR)) {
    if (folder !== 'ashe-table14') symlinkSync(path.join(MIRROR, folder), path.join(root, folder));
  }
  mkdirSync(path.join(root, 'ashe-table14'));
  for (const file of readdirSync(path.join(MIRROR, 'ashe-table14')))
    if (`ashe-table14/${file}` !== FAULTED)
      symlinkSync(path.join(MIRROR, 'ashe-table14', file), path.join(root, 'ashe-table14', file));
  writeFileSync(path.join(root, FAULTED), timesThousand(readFileSync(path.join(MIRROR, FAULTED))));
  return root;
}

/** A mirror holding only a full-size labour demand workbook where the advert sources look for it. */
function advertsMirror(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'lmi-bench-adverts-'));
  mkdirSync(path.join(root, 'online-job-adverts'));
  const started = performance.now();
  const bytes = writeLabourDemandWorkbook(path.join(root, 'online-job-adverts', 'labourdemandbyoccupation.xlsx'));
  console.log(
    `built a full-size labour demand workbook: ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return root;
}

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS' | 'Threads'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Every living descendant of `pid` (its children's children too), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const found: number[] = [];
  const walk = (p: number) => (parents.get(p) ?? []).forEach((c) => (found.push(c), walk(c)));
  walk(pid);
  return found;
}

interface Run {
  peakMb: number;
  /** The other measures an outside observer might take, each of the same tree (see `sample`). */
  others: { rssFastMb: number; rssSlowMb: number; perThreadMb: number };
  seconds: number;
  exitCode: number | null;
  summary: string[];
}

/** `lmi ingest` of `sources` (all: none named) over `mirror` into a fresh data folder, sampled until it exits. */
async function ingest(mirror: string, sources: string[], focus: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lmi-bench-memory-'));
  const env = {
    ...process.env,
    LMI_DATA_DIR: dataDir,
    LMI_UPSTREAM: 'mirror',
    LMI_UPSTREAM_DIR: mirror,
    LMI_INGEST_MEMORY_MB: String(BUDGET_MB),
    LMI_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  // BENCH_FROM_SOURCE=1: as `npm run lmi -- ingest` runs it (tsx compiling the TypeScript in every process and worker).
  const command = FROM_SOURCE
    ? [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'src', 'cli', 'main.ts')]
    : [CLI];
  const child = spawn(process.execPath, [...command, 'ingest', ...sources], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  // Each process's high-water mark as last read: it only rises while the process lives.
  const highWater = new Map<number, number>();
  // For comparison only: the tree's resident memory summed at each 20 ms sample, the same at one
  // sample a second (a slow outside sampler), and each process's resident memory counted once per
  // thread (a sampler reading /proc/<pid>/task/*: every thread reports its process's memory).
  const others = { rssFastMb: 0, rssSlowMb: 0, perThreadMb: 0 };
  let samples = 0;
  const sample = () => {
    let rss = 0;
    let perThread = 0;
    for (const pid of [child.pid!, ...descendants(child.pid!)]) {
      const kb = statusKb(pid, 'VmHWM');
      if (kb > (highWater.get(pid) ?? 0)) highWater.set(pid, kb);
      const now = statusKb(pid, 'VmRSS');
      rss += now;
      perThread += now * Math.max(1, statusKb(pid, 'Threads'));
    }
    others.rssFastMb = Math.max(others.rssFastMb, rss / 1024);
    if (samples++ % 50 === 0) others.rssSlowMb = Math.max(others.rssSlowMb, rss / 1024);
    others.perThreadMb = Math.max(others.perThreadMb, perThread / 1024);
  };
  const timer = setInterval(sample, 20);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(timer);
  const peakKb = [...highWater.values()].reduce((sum, kb) => sum + kb, 0);
  rmSync(dataDir, { recursive: true, force: true });
  // The focus source's lines of the summary table (its releases' outcomes and why), and the count of sources.
  const lines = stdout.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`${focus} `));
  const rest = lines.slice(at + 1);
  const end = rest.findIndex((line) => !line.startsWith('  '));
  const block = at < 0 ? [] : [lines[at]!, ...rest.slice(0, end < 0 ? rest.length : end)];
  const summary = [...block, ...lines.filter((line) => /source\(s\)/.test(line))];
  return { peakMb: peakKb / 1024, others, seconds: (performance.now() - started) / 1000, exitCode, summary };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');

console.log(`machine: ${availableParallelism()} cores, load average at the start ${load()}`);
console.log(`budget: LMI_INGEST_MEMORY_MB=${BUDGET_MB}; sources: ${SOURCES.join(' ') || 'all'}`);
const mirror = faultedMirror();
const adverts = CASES.includes('adverts') ? advertsMirror() : null;
let over = false;
try {
  const cases = [
    ['mirror', 'the real mirror', MIRROR, SOURCES, 'ashe-table14'],
    ['fault', 'ASHE Table 14 2024 with every figure x1000', mirror, SOURCES, 'ashe-table14'],
    [
      'adverts',
      'a full-size labour demand workbook (online job adverts)',
      adverts ?? '',
      ADVERT_SOURCES,
      'online-job-adverts-local',
    ],
  ] as const;
  for (const [, title, root, sources, focus] of cases.filter(([key]) => CASES.includes(key))) {
    const run = await ingest(root, [...sources], focus);
    const verdict = run.peakMb > BUDGET_MB ? 'OVER the budget' : 'within the budget';
    over ||= run.peakMb > BUDGET_MB;
    console.log(
      `${title}: peak resident memory of the process tree ${run.peakMb.toFixed(0)} MiB of ${BUDGET_MB} MiB (${((100 * run.peakMb) / BUDGET_MB).toFixed(0)}%), ${verdict}; ${run.seconds.toFixed(1)} s, exit code ${run.exitCode}`,
    );
    console.log(
      `  for comparison: the tree's summed resident memory at its highest ${run.others.rssFastMb.toFixed(0)} MiB (20 ms samples), ${run.others.rssSlowMb.toFixed(0)} MiB (1 s samples); counted once per thread ${run.others.perThreadMb.toFixed(0)} MiB`,
    );
    for (const line of run.summary) console.log(`  ${line}`);
  }
} finally {
  rmSync(mirror, { recursive: true, force: true });
  if (adverts) rmSync(adverts, { recursive: true, force: true });
}
console.log(`load average at the end ${load()}`);
if (over) process.exitCode = 1;

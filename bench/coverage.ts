/**
 * Endpoint x occupation coverage of a running server: for each endpoint, the share of the 412 SOC
 * 2020 unit groups it answers with a real figure (200 and the figure present, per the rule below),
 * so that a server fed by the mirror and one fed by the publishers can be compared.
 * Run: npm run bench:coverage -- <base URL> <API key> [--concurrency 4] [--json]
 * A 429 is waited out (Retry-After) and asked again: give the key a high limit (LMI_TIERS) to be quick.
 */
import { parseArgs } from 'node:util';

interface Answer {
  status: number;
  body: unknown;
}
type Json = Record<string, unknown>;

/** What counts as a real figure in each endpoint's answer: a 200 whose figure is there, not null or empty. */
const ENDPOINTS: { path: string; real: (body: Json) => boolean }[] = [
  { path: '/pay', real: (b) => isNumber((b.distribution as Json | undefined)?.median) },
  { path: '/pay/series', real: (b) => list(b.points).some((p) => isNumber(p.median)) },
  { path: '/pay/regions', real: (b) => list(b.regions).some((r) => isNumber(r.median)) },
  { path: '/pay?area=london', real: (b) => isNumber((b.distribution as Json | undefined)?.median) },
  { path: '/employment', real: (b) => isNumber((b.employment as Json | null)?.count) },
  { path: '/workforce', real: (b) => list(b.industries).some((i) => isNumber(i.people)) },
  { path: '/workforce#ageBands', real: (b) => list(b.ageBands).some((i) => isNumber(i.people)) },
  { path: '/workforce#qualifications', real: (b) => list(b.qualifications).some((i) => isNumber(i.people)) },
  { path: '/projections', real: (b) => isNumber((b.outlook as Json | undefined)?.employmentTarget) },
  { path: '/projections?area=england', real: (b) => isNumber((b.outlook as Json | undefined)?.employmentTarget) },
  { path: '/projections?area=wales', real: (b) => isNumber((b.outlook as Json | undefined)?.employmentTarget) },
  { path: '/projections?area=london', real: (b) => isNumber((b.outlook as Json | undefined)?.employmentTarget) },
  { path: '/vacancies', real: (b) => isNumber((b.latest as Json | undefined)?.vacancies) },
  { path: '/demand', real: (b) => (b.latest as Json | undefined)?.level !== undefined },
  { path: '/visas', real: (b) => isNumber((b.latestYear as Json | undefined)?.grants) },
  { path: '/job-adverts', real: (b) => isNumber((b.latestYear as Json | undefined)?.adverts) },
  { path: '/skills', real: (b) => list(b.skills).length > 0 },
  { path: '/work-profile#interests', real: (b) => list(b.interests).some((i) => isNumber(i.score)) },
  { path: '/work-profile#abilities', real: (b) => list(b.abilities).some((i) => isNumber(i.importance)) },
  { path: '/how-to-become', real: (b) => list(b.profiles).length > 0 },
  { path: '/apprenticeships', real: (b) => list(b.occupations).length > 0 },
];

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { concurrency: { type: 'string', default: '4' }, json: { type: 'boolean', default: false } },
});
const [base, key] = positionals;
if (!base || !key) {
  console.error('usage: npm run bench:coverage -- <base URL> <API key> [--concurrency 4] [--json]');
  process.exit(2);
}
const root = base.replace(/\/+$/, '');

async function get(path: string): Promise<Answer> {
  for (;;) {
    const response = await fetch(`${root}${path}`, { headers: { 'x-api-key': key!, accept: 'application/json' } });
    if (response.status === 429) {
      await new Promise((r) => setTimeout(r, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }
}

const occupations = await get('/v1/occupations');
if (occupations.status !== 200) throw new Error(`GET /v1/occupations answered ${occupations.status}`);
const socs = list(occupations.body).map((o) => String(o.soc2020));

/** The distinct addresses asked (the `#...` endpoints read the same answer as their address). */
const addresses = [...new Set(ENDPOINTS.map((e) => e.path.split('#')[0]!))];
const answers = new Map<string, Answer>();
const jobs = socs.flatMap((soc) => addresses.map((path) => ({ soc, path })));
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async () => {
    while (next < jobs.length) {
      const { soc, path } = jobs[next++]!;
      answers.set(`${soc} ${path}`, await get(`/v1/occupations/${soc}${path}`));
    }
  }),
);

const rows = ENDPOINTS.map(({ path, real }) => {
  const address = path.split('#')[0]!;
  const statuses = new Map<number, number>();
  let covered = 0;
  for (const soc of socs) {
    const answer = answers.get(`${soc} ${address}`)!;
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 200 && answer.body && real(answer.body as Json)) covered++;
  }
  return {
    endpoint: `/v1/occupations/{soc}${path}`,
    covered,
    of: socs.length,
    percent: Math.round((covered / socs.length) * 1000) / 10,
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
  };
});

if (values.json) {
  console.log(JSON.stringify({ server: root, unitGroups: socs.length, rows }, null, 2));
} else {
  console.log(
    `${root}: ${socs.length} unit groups, ${jobs.length} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const width = Math.max(...rows.map((r) => r.endpoint.length));
  for (const r of rows) {
    const statuses = Object.entries(r.statuses)
      .map(([status, n]) => `${status}x${n}`)
      .join(' ');
    console.log(
      `${r.endpoint.padEnd(width)}  ${String(r.covered).padStart(3)}/${r.of}  ${r.percent.toFixed(1).padStart(5)}%  ${statuses}`,
    );
  }
}

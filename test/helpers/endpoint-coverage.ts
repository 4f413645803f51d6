/**
 * Endpoint x occupation coverage: for each endpoint, how many of the unit groups `/v1/occupations`
 * lists it answers with a real figure (200 and the figure present, per the rule below). Shared by
 * `bench/coverage.ts` (a running server) and the publisher end-to-end test (the double against the mirror).
 */

export interface Answer {
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

interface CoverageRow {
  endpoint: string;
  covered: number;
  of: number;
  percent: number;
  /** How many answers had each status. */
  statuses: Record<string, number>;
}

/** Every endpoint asked about every listed unit group, `concurrency` requests at a time, through `get`. */
export async function endpointCoverage(
  get: (path: string) => Promise<Answer>,
  concurrency = 4,
): Promise<{ unitGroups: number; requests: number; rows: CoverageRow[] }> {
  const occupations = await get('/v1/occupations');
  if (occupations.status !== 200) throw new Error(`GET /v1/occupations answered ${occupations.status}`);
  const socs = list(occupations.body).map((o) => String(o.soc2020));
  // The distinct addresses asked (the `#...` endpoints read the same answer as their address).
  const addresses = [...new Set(ENDPOINTS.map((e) => e.path.split('#')[0]!))];
  const answers = new Map<string, Answer>();
  const jobs = socs.flatMap((soc) => addresses.map((path) => ({ soc, path })));
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
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
  return { unitGroups: socs.length, requests: jobs.length, rows };
}

/** The rows as a text table, one endpoint a line. */
export function coverageTable(rows: CoverageRow[]): string {
  const width = Math.max(...rows.map((r) => r.endpoint.length));
  return rows
    .map((r) => {
      const statuses = Object.entries(r.statuses)
        .map(([status, n]) => `${status}x${n}`)
        .join(' ');
      return `${r.endpoint.padEnd(width)}  ${String(r.covered).padStart(3)}/${r.of}  ${r.percent.toFixed(1).padStart(5)}%  ${statuses}`;
    })
    .join('\n');
}

/**
 * Memory while a bulk file is downloaded: the process's peak RSS over its RSS before, for a real
 * edition (ASHE Table 14, 2024: 40,788 rows) and for a bench-only edition twelve times its size
 * (the same rows copied under each of the 12 pay areas, in the bench's scratch copy only: repeated
 * figures, not regional ones). Flat memory: the peak does not grow with the rows. Then the largest
 * file built from per-occupation responses: ESCO occupation skills' (every unit group's /skills at
 * its limit, ~10 MiB), after one /skills request has built the skills model the endpoint keeps in
 * memory anyway, so the figure is the file's own.
 *
 * Run: npm run bench:bulk (after the test templates exist: npx tsx test/build-templates.ts)
 */
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { PAY_AREA_SLUGS } from '../src/domain/areas.js';
import { issueApiKey } from '../src/keys/api-key.js';
import { createServices } from '../src/services.js';
import { publishEdition, recordDetectedEdition } from '../src/store/editions.js';
import { testConfig } from '../test/helpers/served-app.js';
import { copyTemplate } from '../test/helpers/template-databases.js';

const store = await copyTemplate('sqlite');
const config = testConfig(store.dataDir, { publicUrl: 'http://127.0.0.1' });
const services = createServices(config, store);
const real = (await services.currentEditions.ofSource('ashe-table14'))[0]!;

// The bench-only edition: Table 14's rows under every pay area, in its own series so it supersedes nothing.
const large = await recordDetectedEdition(store.db, {
  sourceKey: 'ashe-table14',
  label: 'bench only: ASHE Table 14 rows repeated under 12 areas',
  seriesKey: 'bench',
  sourceUri: 'bench://bulk',
  sha256: '0'.repeat(64),
});
await publishEdition(store.db, large, [], async (trx) => {
  await sql`insert into ashe_releases select ${large.id}, year, provisional from ashe_releases where edition_id = ${real.id}`.execute(
    trx,
  );
  let rows = 0;
  for (const area of PAY_AREA_SLUGS) {
    const result =
      await sql`insert into ashe_pay (edition_id, area, soc, measure, sex, pattern, jobs_thousands, median, median_change, mean, p10, p20, p25, p30, p40, p60, p70, p75, p80, p90, median_cv, median_marker)
      select ${large.id}, ${area}, soc, measure, sex, pattern, jobs_thousands, median, median_change, mean, p10, p20, p25, p30, p40, p60, p70, p75, p80, p90, median_cv, median_marker
      from ashe_pay where edition_id = ${real.id}`.execute(trx);
    rows += Number(result.numAffectedRows ?? 0);
  }
  return rows;
});
services.currentEditions.invalidate();

const app = await buildApp(services);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const { key } = await issueApiKey(store.db, { tier: config.tiers[0]!, emailHmac: null, requestsPerMinute: 1_000 });

/** Downloads the file, dropping each chunk as it comes; the process's RSS is sampled every 20 ms meanwhile. */
async function download(path: string, gzip: boolean) {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const res = await fetch(`${address}${path}`, {
    headers: { 'x-api-key': key, 'accept-encoding': gzip ? 'gzip' : 'identity' },
  });
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (!gzip) for (const byte of value) if (byte === 10) lines += 1;
  }
  clearInterval(timer);
  return { status: res.status, bytes, lines, seconds: (performance.now() - started) / 1000, before, peak };
}

const mb = (n: number) => (n / 2 ** 20).toFixed(1);
console.log('| edition | rows | format | MiB sent | s | RSS before MiB | peak RSS MiB | peak - before MiB |');
console.log('|---|---|---|---|---|---|---|---|');
const skills = (await services.currentEditions.latest('esco-occupation-skills'))!;
/** Builds the skills model /skills keeps in memory, so the ESCO rows measure the file, not the model. */
const skillsModel = () => fetch(`${address}/v1/occupations/2134/skills`, { headers: { 'x-api-key': key } });
for (const [name, source, edition, rows, prepare] of [
  ['ASHE Table 14, 2024', 'ashe-table14', real.id, real.rowsStored, null],
  ['bench-only, 12 x the rows', 'ashe-table14', large.id, null, null],
  ['ESCO occupation skills (per-occupation responses)', 'esco-occupation-skills', skills.id, null, skillsModel],
] as const) {
  await prepare?.();
  for (const format of ['csv', 'jsonl'] as const)
    for (const gzip of [false, true]) {
      const r = await download(`/v1/bulk/${source}/${edition}.${format}`, gzip);
      if (r.status !== 200) throw new Error(`${name} ${format}: ${r.status}`);
      const counted = gzip ? (rows ?? '') : r.lines - 1;
      console.log(
        `| ${name} | ${counted} | ${format}${gzip ? ' gzip' : ''} | ${mb(r.bytes)} | ${r.seconds.toFixed(1)} | ${mb(r.before)} | ${mb(r.peak)} | ${mb(r.peak - r.before)} |`,
      );
    }
}
await app.close();
await store.dispose();

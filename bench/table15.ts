/**
 * The read of a full-size ASHE Table 15 release: its time and peak memory. No real Table 15 is in
 * the mirror; the real 2025 provisional zip is about 84 MB (third-party records of its size). This
 * bench builds one in the evidenced layout (test/helpers/ashe-table15-fixture.ts) with every one of
 * the 412 unit groups in each of the 11 regions, 22 four-digit workbooks of nine sheets, serves it
 * from the publisher double at ONS's address and ingests `ashe-table15` alone into a fresh SQLite
 * store, in this process (the parse runs in its worker threads, which share the process's memory).
 *
 * Measures: wall time of the ingest; the process's peak resident memory (VmHWM, all threads) and its
 * resident memory before the ingest (the double holding the zip, the modules loaded): the read's
 * own peak is at most their difference. The zip is built once by a child process (SheetJS's write
 * peaks far above the read) and kept at BENCH_TABLE15_ZIP (default: the system's temporary folder).
 * Run: npm run bench:table15
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsv } from '../src/ingest/formats/delimited.js';
import { asheTable15Source } from '../src/ingest/sources/ons/ashe-table15/descriptor.js';
import { asheTable15FixtureZip } from '../test/helpers/ashe-table15-fixture.js';
import { ingestFromDouble } from '../test/helpers/publisher-double/ingest.js';
import { asheRoutes } from '../test/helpers/publisher-double/routes-ons.js';
import { routes } from '../test/helpers/publisher-double/routes.js';
import { startPublisherDouble } from '../test/helpers/publisher-double/server.js';
import { openTestStore } from '../test/helpers/stores.js';
import { upstreamPath } from '../test/helpers/upstream.js';

const ZIP = process.env.BENCH_TABLE15_ZIP ?? path.join(tmpdir(), 'lmi-bench-ashetable152025provisional.zip');
const MiB = 1024 * 1024;

/** The 412 unit groups, codes and titles, from the mirror's relay of Nomis NM_218_1 (one row each). */
function unitGroups(): Record<string, string> {
  const rows = readCsv(
    readFileSync(upstreamPath('aps-employment-4digit/nomis_nm218_uk_soc2020_unitgroups_jan2025-dec2025.csv')),
    ['soc2020_code', 'soc2020_label'],
    'the 2025 relay',
  );
  return Object.fromEntries(rows.map((r) => [r.soc2020_code!, r.soc2020_label!]));
}

function status(field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

if (process.argv[2] === '--build') {
  const started = Date.now();
  writeFileSync(process.argv[3]!, asheTable15FixtureZip(2025, unitGroups()));
  console.log(`built ${process.argv[3]} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(0);
}

if (!existsSync(ZIP)) {
  const built = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--build', ZIP], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the Table 15 zip failed');
}
const zip = new Uint8Array(readFileSync(ZIP));
const double = await startPublisherDouble();
double.publishAll(routes(asheRoutes(15, [{ year: 2025, kind: 'provisional', zip }])));
const store = await openTestStore('sqlite', [asheTable15Source]);
try {
  const before = status('VmRSS');
  const started = Date.now();
  const [result] = await ingestFromDouble(double, { store, sources: [asheTable15Source] });
  const seconds = (Date.now() - started) / 1000;
  const peak = status('VmHWM');
  console.log(
    JSON.stringify(
      {
        zipMiB: +(zip.length / MiB).toFixed(1),
        outcome: result?.outcome,
        message: result?.message ?? null,
        label: result?.releases.at(-1)?.label ?? null,
        ingestSeconds: +seconds.toFixed(1),
        residentBeforeMiB: Math.round(before / MiB),
        peakResidentMiB: Math.round(peak / MiB),
        loadAverage: loadavg()[0]!.toFixed(1),
      },
      null,
      2,
    ),
  );
} finally {
  await store.dispose();
  await double.stop();
}
